#!/usr/bin/env bash
# The suites must pass on any day (issue 33): runs tests with the clock of every process they start — Node, the
# embedded database (PGlite runs in the Node process), the e2e server and Chromium — set to each of the days that
# have broken date-dependent code: every weekday, a quarter's last days, a year's end, an ISO week 53, and the
# evening hours where the UTC date and the Vienna date differ. Uses libfaketime (Debian package faketime).
#
#   scripts/test-on-dates.sh                      the date-dependent tests (unit, API on PGlite, web)
#   scripts/test-on-dates.sh --e2e                the same, then the e2e specs (needs `npm run build` first)
#   scripts/test-on-dates.sh -- <command ...>     any command, e.g. -- npx vitest run --project api
#   DATES="2026-12-31T23:30:00" scripts/...        other instants (UTC, ISO); the clock runs on from there
set -uo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "test-on-dates: needs faketime (apt-get install faketime)" >&2; exit 2; }

default_dates=(
  2026-11-23T10:00:00 2026-11-24T10:00:00 2026-11-25T10:00:00 2026-11-26T10:00:00 # Monday … Thursday
  2026-11-27T10:00:00 2026-11-28T10:00:00 2026-11-29T10:00:00                     # Friday, Saturday, Sunday
  2027-03-30T10:00:00 2027-03-31T22:30:00  # a quarter's last days; 22:30 UTC is already 1 April in Vienna
  2026-12-31T10:00:00 2026-12-31T23:30:00  # year end; 23:30 UTC is 1 January 2027 in Vienna
  2027-01-03T10:00:00                      # Sunday of ISO week 53 (2026), in the first quarter of 2027
)
read -r -a dates <<<"${DATES:-${default_dates[*]}}"

e2e=0
command=()
while [ $# -gt 0 ]; do
  case "$1" in
    --e2e) e2e=1 ;;
    --) shift; command=("$@"); break ;;
    *) echo "test-on-dates: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

# The tests that read today's date (or work with documents dated today), found by
# grep -lE "todayIso|viennaToday|new Date\(\)|Date.now\(\)|setSystemTime" in the test files.
api_dirs="arbeitszeit beleg belegausgabe beleglink erechnung kassabuch note nummernkreis quartalskalender rksv zahlung
  zahlungsziel"
[ ${#command[@]} -eq 0 ] && command=(bash -c "npx vitest run --project domain --project web; a=\$?;
  npx vitest run --project api $(printf 'apps/api/src/modules/%s ' $api_dirs) && exit \$a")
e2e_specs=(e2e/quartalskalender.spec.ts e2e/arbeitszeit.spec.ts e2e/zahlung.spec.ts e2e/beleg.spec.ts
  e2e/kassabuch.spec.ts e2e/shell.spec.ts e2e/rksv.spec.ts)

failed=()
for at in "${dates[@]}"; do
  echo "=== $at (UTC)"
  if ! env -u DATABASE_URL faketime -f "@${at/T/ }" "${command[@]}"; then failed+=("$at"); fi
  if [ "$e2e" = 1 ] && ! env -u DATABASE_URL faketime -f "@${at/T/ }" \
    npx playwright test -c e2e/playwright.config.ts "${e2e_specs[@]}"; then failed+=("$at e2e"); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  printf 'test-on-dates: failed on %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "test-on-dates: passed on ${#dates[@]} dates"
