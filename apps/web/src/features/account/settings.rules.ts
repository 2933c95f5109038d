import { ZAccountUpdate } from "@kontor/domain/account/account.schema";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import type { SettingsValues } from "./settings.form.ts";

/** The settings form checked with the shared ZAccountUpdate (the API's rules). */
export const validateSettings: (values: SettingsValues) => Record<string, string> =
  zodValidate(ZAccountUpdate);
