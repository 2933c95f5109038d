/**
 * The field error codes of a 400 problem (DESIGN §5), import-free: the web's form helpers need the list without the
 * problem schema (and its list of every problem code) in every form's chunk. Also the keys of the "validation"
 * translation namespace.
 */
export const FIELD_ERROR_CODES = [
  "required",
  "invalidType",
  "minLength",
  "maxLength",
  "min",
  "max",
  "email",
  "pattern",
  "integer",
  "enum",
  "unknownField",
  "notEqual",
  "unique",
  "invalid",
  "checksum",
  "fileType",
  "maxBytes",
  "imageInvalid",
  "notFound",
  "dateRange",
  "rejected",
  "cashBalanceExceeded",
  "periodClosed",
  "beforeKassaStart",
  "future",
  "overpayment",
  "notOpen",
  "notFinalized",
  "cancelled",
  "notPayable",
  "guthaben",
] as const;
