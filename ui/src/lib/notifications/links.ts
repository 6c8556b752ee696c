/** A notification's `link` when it is a path of this app ("/profile"), else the fallback: never another site or a script URL. */
export function appPath(link: string | null | undefined, fallback: string): string {
  if (typeof link !== 'string') return fallback;
  return /^\/(?![/\\])[^\s]*$/.test(link) ? link : fallback;
}
