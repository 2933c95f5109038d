import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";

/** The search text of a list route (`?search=`, kept by validateListSearch), "" when none. */
export function useListSearchText(): string {
  const { search = "" } = useSearch({ strict: false }) as { search?: string };
  return search;
}

/**
 * The search box of a list: what is typed goes into the URL's `search` after a pause (back/forward and reloads
 * keep it) and the list starts again at page 1.
 */
export function ListSearchInput({ label, placeholder }: { label: string; placeholder?: string }) {
  const search = useListSearchText();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(search);
  const apply = useDebouncedCallback((value: string) => {
    const next = value.trim();
    void navigate({
      to: ".",
      search: ((previous: Record<string, unknown>) => ({
        ...previous,
        search: next === "" ? undefined : next,
        page: undefined,
      })) as never,
      replace: true,
    });
  }, 300);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={280}
    />
  );
}

/**
 * Hands a list's search text to the URL's `search` after a pause, as ListSearchInput does: for a list whose one
 * search box is an entity search (customers, articles — issue 21: one box, not two).
 */
export function useApplyListSearch(): (text: string) => void {
  const navigate = useNavigate();
  return useDebouncedCallback((value: string) => {
    const next = value.trim();
    void navigate({
      to: ".",
      search: ((previous: Record<string, unknown>) => ({
        ...previous,
        search: next === "" ? undefined : next,
        page: undefined,
      })) as never,
      replace: true,
    });
  }, 300);
}
