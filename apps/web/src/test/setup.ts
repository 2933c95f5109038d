import { configure } from "@testing-library/react";

// Screens load parts lazily (tabs, dialogs); on two shared CI cores that can take longer than Testing Library's
// default 1 s of waiting in findBy…/waitFor. A wait that is too short fails a correct screen.
configure({ asyncUtilTimeout: 10_000 });
