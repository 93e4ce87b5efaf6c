// Every string from a log is text, never markup: a hostile game id or fact cannot add elements or attributes.
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML element's content or a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * JSON inside `<script type="application/json">`: `<` written as \u003c so that no `</script>` or `<!--` in a
 * string can end the element early; U+2028/U+2029 escaped alike (JSON.parse reads them back unchanged).
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
