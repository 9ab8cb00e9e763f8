export type DatabaseKind = 'pglite' | 'postgres';

/** What a repository needs: parameterised SQL ($1, $2, …), the same text on PGlite and PostgreSQL. */
export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  execScript(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  serverVersion(): Promise<string>;
  close(): Promise<void>;
}

export const firstRow = <Row>(rows: Row[]): Row | undefined => rows[0];
