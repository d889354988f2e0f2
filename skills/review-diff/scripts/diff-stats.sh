#!/usr/bin/env bash
# Summarise a git diff: files changed with lines added/removed, totals, and changed source files
# whose tests did not change. Read-only.
# Usage: diff-stats.sh [range]   (default: the merge base with main, up to HEAD)
set -euo pipefail

range="${1:-}"
if [[ -z "$range" ]]; then
  base="$(git merge-base HEAD main 2>/dev/null || git merge-base HEAD origin/main)"
  range="$base..HEAD"
fi

echo "Range: $range"
echo
printf '%8s %8s  %s\n' "added" "removed" "file"
git diff --numstat "$range" | awk '
  { added += ($1 == "-" ? 0 : $1); removed += ($2 == "-" ? 0 : $2); files++
    printf "%8s %8s  %s\n", $1, $2, $3 }
  END { printf "\n%d files, +%d -%d\n", files, added, removed }'

echo
echo "Changed source files without a changed test:"
changed="$(git diff --name-only "$range")"
missing=0
while IFS= read -r file; do
  [[ -z "$file" ]] && continue
  case "$file" in
    *test*|*spec*|*.md|*.json|*.yml|*.yaml|*.lock) continue ;;
  esac
  stem="$(basename "${file%.*}")"
  if ! grep -qiE "(test|spec).*${stem}|${stem}.*(test|spec)" <<<"$changed"; then
    echo "  $file"
    missing=$((missing + 1))
  fi
done <<<"$changed"
[[ $missing -eq 0 ]] && echo "  (none)"
exit 0
