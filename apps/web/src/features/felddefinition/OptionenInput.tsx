import { TagsInput, type TagsInputProps } from "@mantine/core";

/**
 * The choices of a selection-list field. Only that type shows them, so the edit form loads this (TagsInput is used
 * nowhere else) when it first does: the field definition edit route stays within its budget (DESIGN §9).
 */
export function OptionenInput(props: TagsInputProps) {
  return <TagsInput {...props} />;
}
