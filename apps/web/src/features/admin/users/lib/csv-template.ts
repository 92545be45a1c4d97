import { BULK_CSV_COLUMNS } from '@rounds/contracts/admin-users';

/** One example row of the bulk upload template, in BULK_CSV_COLUMNS order. */
const EXAMPLE: Record<(typeof BULK_CSV_COLUMNS)[number], string> = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.org',
  phoneCountryCode: '+1',
  phone: '5550100',
  facility: 'General Hospital',
  department: 'Emergency',
  profession: 'Nurse',
  specialty: 'Critical care',
  suffix: 'RN',
  role: 'Regular',
};

/** Quotes a CSV field when it needs it (RFC 4180). */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The template the bulk upload expects: the header of BULK_CSV_COLUMNS and one example row. */
export function csvTemplate(): string {
  const header = BULK_CSV_COLUMNS.join(',');
  const example = BULK_CSV_COLUMNS.map((column) => field(EXAMPLE[column])).join(',');
  return `${header}\r\n${example}\r\n`;
}

/** Saves the template, built in the browser: no server round trip for a static file. */
export function downloadCsvTemplate(filename = 'users-template.csv'): void {
  const url = URL.createObjectURL(new Blob([csvTemplate()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type TCsvProblem = 'notCsv' | 'tooLarge';

/** CSV only, at most LIMITS.csvMaxBytes (doc 2 section 5); checked before uploading. */
export function csvProblem(
  file: { name: string; type: string; size: number },
  maxBytes: number,
): TCsvProblem | undefined {
  const csvType = ['text/csv', 'application/vnd.ms-excel', 'application/csv', 'text/plain', ''].includes(file.type);
  if (!file.name.toLowerCase().endsWith('.csv') || !csvType) return 'notCsv';
  if (file.size > maxBytes) return 'tooLarge';
  return undefined;
}
