import { configure } from "@testing-library/react";

// Screens load parts lazily (tabs, dialogs); on two shared CI cores that can take longer than Testing Library's
// default 1 s of waiting in findBy…/waitFor. A wait that is too short fails a correct screen.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads these (combobox scrolls the chosen option into view, the autosizing text area listens for web
// fonts); happy-dom lacks them.
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
if (!("fonts" in document))
  Object.defineProperty(document, "fonts", {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
