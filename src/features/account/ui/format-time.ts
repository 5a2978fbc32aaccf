/** A date and time in the interface language (zh-HK or en-US), local time zone. */
export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '--';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
