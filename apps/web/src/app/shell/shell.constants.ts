/** The sidebar's state on this device: "minimized" (icons only) or open (the default). */
export const SIDEBAR_KEY = "kontor.sidebar";

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_MINIMIZED_WIDTH = 68;
