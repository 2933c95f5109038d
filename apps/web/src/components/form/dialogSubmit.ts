import type { FormEvent } from "react";

/**
 * The submit handler of a form inside a dialog. React passes events up the component tree, through the portal a
 * dialog renders into, so without this a dialog opened from an edit screen would also submit the screen's form
 * (and save its stale values over what the dialog just stored).
 */
export function dialogSubmit(handler: (event: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    handler(event);
  };
}
