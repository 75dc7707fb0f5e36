/**
 * i18n key of a route's title. Route ids are dotted ("account" and "account.user" both exist), and a
 * JSON node cannot be both a string and an object, so every route node keeps its title under a
 * `title` key: `{ "account": { "title": "…", "user": { "title": "…" } } }` in routes.json.
 */
export function routeTitleKey(id: string): string {
  return `routes:${id}.title`;
}
