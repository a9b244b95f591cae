/** The demo's printed lists: a label column as wide as the longest label of every list, so the links line up. */
export type DemoRow = [label: string, link: string];

export function demoTables(lists: readonly (readonly DemoRow[])[]): string[] {
  const width = Math.max(...lists.flat().map(([label]) => label.length));
  return lists.map((rows) => rows.map(([label, link]) => `  ${label.padEnd(width)}  ${link}`).join('\n'));
}
