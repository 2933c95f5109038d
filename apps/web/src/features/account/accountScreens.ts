/** The signed-in user's own screens as one lazy chunk (one import in the router for three routes). */
export { ChangePasswordPage } from "./ChangePasswordPage.tsx";
export { SessionsPage } from "./SessionsPage.tsx";
export { SettingsPage } from "./SettingsPage.tsx";
