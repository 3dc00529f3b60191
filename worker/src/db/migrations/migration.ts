/** One numbered, forward-only step. `statements` receives the table-name function. */
export interface Migration {
  id: number;
  name: string;
  statements(table: (name: string) => string): string[];
}
