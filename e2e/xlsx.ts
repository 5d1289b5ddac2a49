// Reading a downloaded Excel file the way a person opening it would see it.
import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';

/** The rows of the first sheet, header first, as plain values. */
export async function readDownload(download: Download): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
