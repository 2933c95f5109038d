/** The user guide ("show instructions" in the sidebar), opened in a new tab. */
export const HELP_URL = "https://kontor.example/hilfe";

/** The sidebar's state on this device: "minimized" (icons only) or open (the default). */
export const SIDEBAR_KEY = "kontor.sidebar";

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_MINIMIZED_WIDTH = 68;
