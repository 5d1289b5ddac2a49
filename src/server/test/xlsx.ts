// Reading back the Excel files the admin exports stream.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { xlsxType } from '../../contract/admin.js';

/** The rows of the first sheet of an .xlsx, header first, as plain values. */
export async function readSheet(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/**
 * The rows of an admin export as the browser gets it: a 200 answer that downloads an .xlsx named
 * `<name>-YYYY-MM-DD.xlsx`.
 */
export async function exportedSheet(
  res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  name: string,
): Promise<unknown[][]> {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(xlsxType);
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
  );
  return readSheet(res.rawPayload);
}
