import { ZAccountUpdate } from "@kontor/domain/account/account.schema";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import type { SettingsValues } from "./settings.form.ts";

const check = zodValidate(ZAccountUpdate);

/**
 * The settings form checked with the shared ZAccountUpdate (the API's rules). The current password is not checked
 * here: it is asked for only when the e-mail changes (settings.form.ts reauthErrors).
 */
export function validateSettings(
  values: Omit<SettingsValues, "currentPassword"> & { currentPassword?: string },
): Record<string, string> {
  const { currentPassword: _, ...settings } = values;
  return check(settings);
}
