// Reading back the Excel files the admin exports stream.
import ExcelJS from 'exceljs';

/** The rows of the first sheet of an .xlsx, header first, as plain values. */
export async function readSheet(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
