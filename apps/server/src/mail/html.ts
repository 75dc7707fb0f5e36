/** Text made safe to put in an e-mail's HTML part. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Several lines of text as HTML: escaped, line breaks kept. */
export const htmlLines = (value: string) => escapeHtml(value).replace(/\n/g, "<br>");
