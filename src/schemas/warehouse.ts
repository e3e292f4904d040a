/**
 * Which warehouse answers: its name (what accounts and the configuration call it) and what callers
 * are shown of it (REST answers, the tool interface, the web app). Never its URL: that holds a
 * server address and often a password.
 */
import { z } from 'zod';

/** A warehouse's name in QUARRY_WAREHOUSE_NAME, QUARRY_WAREHOUSES and an account's `warehouse`. */
export const WarehouseNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'a name of lower-case letters, digits, _ or - starting with a letter (at most 40)');

/** The warehouse an answer came from, as shown to the caller. */
export const WarehouseInfoSchema = z.object({
  name: z.string().describe('The warehouse this account answers from (QUARRY_WAREHOUSE_NAME or a key of QUARRY_WAREHOUSES)'),
  engine: z.enum(['duckdb', 'postgres', 'mysql']).describe('Its engine (SQL dialect)'),
  model: z.string().describe("The semantic model's name"),
});
export type WarehouseInfo = z.infer<typeof WarehouseInfoSchema>;
