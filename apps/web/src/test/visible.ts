/**
 * Whether an element is on the page and shown: connected, and neither it nor an ancestor is `hidden`,
 * `aria-hidden`, `display: none` or `visibility: hidden` (what jest-dom's toBeVisible checks, without the
 * dependency). Use as `expect(visible(element)).toBe(true)`.
 */
export function visible(element: Element): boolean {
  if (!element.isConnected) return false;
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute("hidden") || node.getAttribute("aria-hidden") === "true") return false;
    const style = window.getComputedStyle(node);
    if (style.display === "none" || style.visibility === "hidden") return false;
  }
  return true;
}
