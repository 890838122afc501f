// The server's answer to the seat's last order, as the page shows it: the game page keeps it and
// the play panel draws it, so it lives apart from both.
export interface Notice {
  kind: 'error' | 'info';
  text: string;
  /** The rule id of a refused order (a 422's `rule`), shown beside its message. */
  rule?: string;
}
