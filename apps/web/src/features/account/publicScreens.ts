/**
 * The public account screens as one lazy chunk: the router then holds one import for seven routes (its code is part
 * of every first load, the login's included), and the screens share most of their code anyway.
 */
export { ActivatePage } from "../activate/ActivatePage.tsx";
export { EinladungPage } from "../einladung/EinladungPage.tsx";
export { PasswordResetFinishPage } from "../passwordreset/PasswordResetFinishPage.tsx";
export { PasswordResetInitPage } from "../passwordreset/PasswordResetInitPage.tsx";
export { RegisterPage } from "../register/RegisterPage.tsx";
export { Disable2faPage } from "../twofactor/Disable2faPage.tsx";
export { Validate2faPage } from "../twofactor/Validate2faPage.tsx";
