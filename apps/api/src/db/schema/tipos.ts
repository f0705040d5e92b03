import { customType } from 'drizzle-orm/pg-core';

/** Binary column (logos, uploaded files, generated reports) read back as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});
