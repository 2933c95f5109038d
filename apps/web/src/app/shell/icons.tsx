import type { ReactNode, SVGProps } from "react";

/**
 * The shell's line icons (24×24, 2 px stroke, in the style of Tabler Icons), drawn here so that the shell needs
 * no icon package: a few hundred bytes instead of a dependency. Decorative: always aria-hidden, the control
 * around an icon carries the label.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number | string };

function icon(paths: ReactNode) {
  return function Icon({ size = 20, strokeWidth = 1.75, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

const p = (d: string) => <path key={d} d={d} />;
const paths = (...ds: string[]) => icon(ds.map(p));

export const IconHome = paths(
  "M5 12l-2 0l9 -9l9 9l-2 0",
  "M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-7",
  "M9 21v-6a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2v6",
);
export const IconInvoice = paths(
  "M14 3v4a1 1 0 0 0 1 1h4",
  "M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z",
  "M9 7l1 0",
  "M9 13l6 0",
  "M13 17l2 0",
);
export const IconCart = paths(
  "M4 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0",
  "M15 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0",
  "M17 17h-11v-14h-2",
  "M6 5l14 1l-1 7h-13",
);
export const IconUsers = paths(
  "M5 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0",
  "M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2",
  "M16 3.13a4 4 0 0 1 0 7.75",
  "M21 21v-2a4 4 0 0 0 -3 -3.85",
);
export const IconUser = paths(
  "M8 7a4 4 0 1 0 8 0a4 4 0 0 0 -8 0",
  "M6 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2",
);
export const IconPackage = paths(
  "M12 3l8 4.5l0 9l-8 4.5l-8 -4.5l0 -9l8 -4.5",
  "M12 12l8 -4.5",
  "M12 12l0 9",
  "M12 12l-8 -4.5",
);
export const IconBook = paths(
  "M3 19a9 9 0 0 1 9 0a9 9 0 0 1 9 0",
  "M3 6a9 9 0 0 1 9 0a9 9 0 0 1 9 0",
  "M3 6l0 13",
  "M12 6l0 13",
  "M21 6l0 13",
);
export const IconCreditCard = paths(
  "M3 8a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v8a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3z",
  "M3 10l18 0",
  "M7 15l.01 0",
  "M11 15l2 0",
);
export const IconCash = paths(
  "M7 11a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2z",
  "M12 14a2 2 0 1 0 4 0a2 2 0 1 0 -4 0",
  "M17 9v-2a2 2 0 0 0 -2 -2h-10a2 2 0 0 0 -2 2v6a2 2 0 0 0 2 2h2",
);
export const IconChart = paths(
  "M3 13a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v6a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z",
  "M15 9a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z",
  "M9 5a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v14a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z",
);
export const IconWarehouse = paths(
  "M3 21v-13l9 -4l9 4v13",
  "M13 13h4v8h-10v-6h6",
  "M13 21v-9a1 1 0 0 0 -1 -1h-2a1 1 0 0 0 -1 1v3",
);
export const IconExchange = paths("M7 10h14l-4 -4", "M17 14h-14l4 4");
export const IconClock = paths("M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0", "M12 7v5l3 3");
/** Working-time settings: a clock with a cog. */
export const IconSettingsClock = paths(
  "M12.5 21h-.5a9 9 0 1 1 9 -9v.5",
  "M12 7v5l2 2",
  "M19 16a3 3 0 1 0 0 6a3 3 0 0 0 0 -6z",
  "M19 14.5v1.5m0 6v1.5",
);
export const IconRepeat = paths(
  "M4 12v-3a3 3 0 0 1 3 -3h13m-3 -3l3 3l-3 3",
  "M20 12v3a3 3 0 0 1 -3 3h-13m3 3l-3 -3l3 -3",
);
export const IconCalculator = paths(
  "M4 5a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z",
  "M8 8a1 1 0 0 1 1 -1h6a1 1 0 0 1 1 1v1a1 1 0 0 1 -1 1h-6a1 1 0 0 1 -1 -1z",
  "M8 14l0 .01",
  "M12 14l0 .01",
  "M16 14l0 .01",
  "M8 17l0 .01",
  "M12 17l0 .01",
  "M16 17l0 .01",
);
export const IconFolder = paths(
  "M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-11a2 2 0 0 1 2 -2",
);
export const IconStore = paths(
  "M3 21l18 0",
  "M3 7v1a3 3 0 0 0 6 0v-1m0 1a3 3 0 0 0 6 0v-1m0 1a3 3 0 0 0 6 0v-1h-18l2 -4h14l2 4",
  "M5 21l0 -10.15",
  "M19 21l0 -10.15",
  "M9 21v-4a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2v4",
);
export const IconCalendar = paths(
  "M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12z",
  "M16 3v4",
  "M8 3v4",
  "M4 11h16",
);
export const IconPercent = paths(
  "M16 17a1 1 0 1 0 2 0a1 1 0 1 0 -2 0",
  "M6 7a1 1 0 1 0 2 0a1 1 0 1 0 -2 0",
  "M6 18l12 -12",
);
export const IconDiscount = paths(
  "M9 15l6 -6",
  "M9 9.5a.5 .5 0 1 0 1 0a.5 .5 0 1 0 -1 0",
  "M14 14.5a.5 .5 0 1 0 1 0a.5 .5 0 1 0 -1 0",
  "M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0",
);
export const IconCategory = paths(
  "M4 4h6v6h-6z",
  "M14 4h6v6h-6z",
  "M4 14h6v6h-6z",
  "M14 17a3 3 0 1 0 6 0a3 3 0 1 0 -6 0",
);
export const IconListTree = paths("M9 6h11", "M12 12h8", "M15 18h5", "M5 6v.01", "M8 12v.01", "M11 18v.01");
export const IconTag = paths(
  "M6.5 7.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0",
  "M3 6v5.172a2 2 0 0 0 .586 1.414l7.71 7.71a2.41 2.41 0 0 0 3.408 0l5.592 -5.592a2.41 2.41 0 0 0 0 -3.408l-7.71 -7.71a2 2 0 0 0 -1.414 -.586h-5.172a3 3 0 0 0 -3 3z",
);
export const IconHourglass = paths(
  "M6.5 7h11",
  "M6.5 17h11",
  "M6 20v-2a6 6 0 1 1 12 0v2a1 1 0 0 1 -1 1h-10a1 1 0 0 1 -1 -1z",
  "M6 4v2a6 6 0 1 0 12 0v-2a1 1 0 0 0 -1 -1h-10a1 1 0 0 0 -1 1z",
);
export const IconTruck = paths(
  "M5 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0",
  "M15 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0",
  "M5 17h-2v-4m-1 -8h11v12m-4 0h6m4 0h2v-6h-8m0 -5h5l3 5",
  "M3 9l4 0",
);
export const IconReceipt = paths(
  "M5 21v-16a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v16l-3 -2l-2 2l-2 -2l-2 2l-2 -2l-3 2",
  "M9 7h6",
  "M9 11h6",
  "M9 15h4",
);
export const IconText = paths("M4 6h16", "M4 12h10", "M4 18h14");
export const IconBuilding = paths(
  "M3 21l18 0",
  "M9 8l1 0",
  "M9 12l1 0",
  "M9 16l1 0",
  "M14 8l1 0",
  "M14 12l1 0",
  "M14 16l1 0",
  "M5 21v-16a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v16",
);
export const IconForms = paths(
  "M12 3a3 3 0 0 0 -3 3v12a3 3 0 0 0 3 3",
  "M6 3a3 3 0 0 1 3 3v12a3 3 0 0 1 -3 3",
  "M13 7h7a1 1 0 0 1 1 1v8a1 1 0 0 1 -1 1h-7",
  "M5 7h-1a1 1 0 0 0 -1 1v8a1 1 0 0 0 1 1h1",
  "M17 12h.01",
  "M13 12h.01",
);
export const IconBell = paths(
  "M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6",
  "M9 17v1a3 3 0 0 0 6 0v-1",
);
export const IconPuzzle = paths(
  "M4 7h3a1 1 0 0 0 1 -1v-1a2 2 0 0 1 4 0v1a1 1 0 0 0 1 1h3a1 1 0 0 1 1 1v3a1 1 0 0 0 1 1h1a2 2 0 0 1 0 4h-1a1 1 0 0 0 -1 1v3a1 1 0 0 1 -1 1h-3a1 1 0 0 1 -1 -1v-1a2 2 0 0 0 -4 0v1a1 1 0 0 1 -1 1h-3a1 1 0 0 1 -1 -1v-3a1 1 0 0 1 1 -1h1a2 2 0 0 0 0 -4h-1a1 1 0 0 1 -1 -1v-3a1 1 0 0 1 1 -1",
);
export const IconUsersGroup = paths(
  "M10 13a2 2 0 1 0 4 0a2 2 0 0 0 -4 0",
  "M8 21v-1a2 2 0 0 1 2 -2h4a2 2 0 0 1 2 2v1",
  "M15 5a2 2 0 1 0 4 0a2 2 0 0 0 -4 0",
  "M17 10h2a2 2 0 0 1 2 2v1",
  "M5 5a2 2 0 1 0 4 0a2 2 0 0 0 -4 0",
  "M3 13v-1a2 2 0 0 1 2 -2h2",
);
export const IconListNumbers = paths(
  "M11 6h9",
  "M11 12h9",
  "M12 18h8",
  "M4 16a2 2 0 1 1 4 0c0 .591 -.5 1 -1 1.5l-3 2.5h4",
  "M6 10v-6l-2 2",
);
export const IconHash = paths("M5 9l14 0", "M5 15l14 0", "M11 4l-4 16", "M17 4l-4 16");
export const IconDatabaseImport = paths(
  "M4 6c0 1.657 3.582 3 8 3s8 -1.343 8 -3s-3.582 -3 -8 -3s-8 1.343 -8 3",
  "M4 6v6c0 1.657 3.582 3 8 3c.856 0 1.68 -.05 2.454 -.144m5.546 -2.856v-6",
  "M4 12v6c0 1.657 3.582 3 8 3c.171 0 .341 -.002 .51 -.006",
  "M19 22v-6",
  "M22 19l-3 -3l-3 3",
);
export const IconPin = paths(
  "M15 4.5l-4 4l-4 1.5l-1.5 1.5l7 7l1.5 -1.5l1.5 -4l4 -4",
  "M9 15l-4.5 4.5",
  "M14.5 4l5.5 5.5",
);
export const IconPinFilled = icon(
  <>
    <path d="M15 4.5l-4 4l-4 1.5l-1.5 1.5l7 7l1.5 -1.5l1.5 -4l4 -4" fill="currentColor" />
    <path d="M9 15l-4.5 4.5" />
    <path d="M14.5 4l5.5 5.5" />
  </>,
);
export const IconStar = paths(
  "M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z",
);
export const IconHelp = paths(
  "M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0",
  "M12 17l0 .01",
  "M12 13.5a1.5 1.5 0 0 1 1 -1.5a2.6 2.6 0 1 0 -3 -4",
);
export const IconSidebarCollapse = paths(
  "M4 6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z",
  "M9 4v16",
  "M15 10l-2 2l2 2",
);
export const IconSidebarExpand = paths(
  "M4 6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z",
  "M9 4v16",
  "M14 10l2 2l-2 2",
);
export const IconSettings = paths(
  "M10.325 4.317c.426 -1.756 2.924 -1.756 3.35 0a1.724 1.724 0 0 0 2.573 1.066c1.543 -.94 3.31 .826 2.37 2.37a1.724 1.724 0 0 0 1.065 2.572c1.756 .426 1.756 2.924 0 3.35a1.724 1.724 0 0 0 -1.066 2.573c.94 1.543 -.826 3.31 -2.37 2.37a1.724 1.724 0 0 0 -2.572 1.065c-.426 1.756 -2.924 1.756 -3.35 0a1.724 1.724 0 0 0 -2.573 -1.066c-1.543 .94 -3.31 -.826 -2.37 -2.37a1.724 1.724 0 0 0 -1.065 -2.572c-1.756 -.426 -1.756 -2.924 0 -3.35a1.724 1.724 0 0 0 1.066 -2.573c-.94 -1.543 .826 -3.31 2.37 -2.37c1 .608 2.296 .07 2.572 -1.065z",
  "M9 12a3 3 0 1 0 6 0a3 3 0 0 0 -6 0",
);
export const IconKey = paths(
  "M16.555 3.843l3.602 3.602a2.877 2.877 0 0 1 0 4.069l-2.643 2.643a2.877 2.877 0 0 1 -4.069 0l-.301 -.301l-6.558 6.558a2 2 0 0 1 -1.239 .578l-.175 .008h-1.172a1 1 0 0 1 -.993 -.883l-.007 -.117v-1.172a2 2 0 0 1 .467 -1.284l.119 -.13l.414 -.414h2v-2h2v-2l2.144 -2.144l-.301 -.301a2.877 2.877 0 0 1 0 -4.069l2.643 -2.643a2.877 2.877 0 0 1 4.069 0z",
  "M15 9h.01",
);
export const IconLogout = paths(
  "M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2",
  "M9 12h12l-3 -3",
  "M18 15l3 -3",
);
export const IconShieldCheck = paths(
  "M11.46 20.846a12 12 0 0 1 -7.96 -14.846a12 12 0 0 0 8.5 -3a12 12 0 0 0 8.5 3a12 12 0 0 1 -.09 7.06",
  "M15 19l2 2l4 -4",
);
export const IconDownload = paths(
  "M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2",
  "M7 11l5 5l5 -5",
  "M12 4l0 12",
);
export const IconExternal = paths(
  "M12 6h-6a2 2 0 0 0 -2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-6",
  "M11 13l9 -9",
  "M15 4h5v5",
);
export const IconRefresh = paths(
  "M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4",
  "M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4",
);
export const IconChevronDown = paths("M6 9l6 6l6 -6");
export const IconSelector = paths("M8 9l4 -4l4 4", "M16 15l-4 4l-4 -4");

/** The icon of each MENU entry (by id); entries without one show the generic list icon. */
export const MENU_ICONS: Record<string, ReturnType<typeof icon>> = {
  home: IconHome,
  belege: IconInvoice,
  eingangsrechnungen: IconDownload,
  bestellungen: IconCart,
  kunden: IconUsers,
  artikel: IconPackage,
  artikelkatalog: IconBook,
  zahlungen: IconCreditCard,
  zahlungsauswertung: IconChart,
  kassabuch: IconCash,
  auswertung: IconChart,
  lagerplaetze: IconWarehouse,
  einauslagerung: IconExchange,
  zeiterfassung: IconClock,
  zeiterfassung_mitarbeiter: IconUsersGroup,
  zem_settings_list: IconSettingsClock,
  verleih: IconRepeat,
  preiskalkulator: IconCalculator,
  content: IconFolder,
  webshop: IconStore,
  quartalskalender: IconCalendar,
  mehrwertssteuer: IconPercent,
  warengruppe: IconCategory,
  untergruppe: IconListTree,
  preisschiene: IconTag,
  rabatt: IconDiscount,
  zahlungsziel: IconHourglass,
  lieferbedingung: IconTruck,
  zahlungsbedingung: IconReceipt,
  belegtext: IconText,
  firmengruppe: IconBuilding,
  kundefelddefinition: IconForms,
  artikelfelddefinition: IconForms,
  belegfelddefinition: IconForms,
  mandant: IconBuilding,
  user: IconUser,
  benachrichtigungen: IconBell,
  module: IconPuzzle,
  group: IconUsersGroup,
  rechnungskreise: IconListNumbers,
  belegnummerkreise: IconHash,
  datamigration: IconDatabaseImport,
};

export const MenuFallbackIcon = IconListTree;
