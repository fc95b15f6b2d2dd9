import type { PageInput } from "@wr/contracts";

export type Paged<K extends string, Item> = Record<K, Item[]> & {
  total: number;
  limit: number;
  offset: number;
};

/** One page of a list under `key`, with the total: `{ users: [...], total, limit, offset }`. */
export async function page<K extends string, Row, Item>(
  key: K,
  input: PageInput,
  query: {
    rows: (limit: number, offset: number) => Promise<Row[]>;
    total: () => Promise<{ total: number }[]>;
    toItem: (row: Row) => Item;
  },
): Promise<Paged<K, Item>> {
  const [rows, [counted]] = await Promise.all([
    query.rows(input.limit, input.offset),
    query.total(),
  ]);
  const items = { [key]: rows.map(query.toItem) } as Record<K, Item[]>;
  return { ...items, total: counted?.total ?? 0, limit: input.limit, offset: input.offset };
}
