/** What a Threads lookup asks for: the post's code, and its author when the link named one. */
export interface ThreadsTarget {
  shortcode: string;
  username?: string;
}
