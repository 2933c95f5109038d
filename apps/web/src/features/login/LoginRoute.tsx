import { useNavigate, useSearch } from "@tanstack/react-router";
import { BASEPATH } from "../../app/paths.ts";
import { LoginPage } from "./LoginPage.tsx";

/** The login page inside the router (after a sign-out, or sent here from a protected screen). */
export function LoginRoute() {
  const { redirect } = useSearch({ from: "/login" });
  const navigate = useNavigate();
  return (
    <LoginPage
      redirect={redirect}
      go={(path, options) => navigate({ href: BASEPATH + path, replace: options?.replace })}
    />
  );
}
