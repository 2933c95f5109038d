import type { TRegister } from "@kontor/domain/account/account.schema";
import { api } from "../../app/api.ts";

/** POST register: creates an inactive user and mails an activation link (201). */
export async function register(request: TRegister): Promise<void> {
  await api.post<unknown>("register", request, { anonymous: true });
}
