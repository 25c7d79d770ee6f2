// The new-location form: each field checked on its own, so each can say what is wrong with it; and a
// pasted CSV read into the same rows. The background checks the same rules again (protocol zod input).

export interface NewLocationRow {
  newLocationId: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  countryCode: string;
  phone: string;
  /** Category ids as typed: separated by commas, semicolons or spaces. */
  categoryIds: string;
}

export const NEW_LOCATION_FIELDS = [
  'newLocationId',
  'name',
  'address',
  'city',
  'state',
  'zip',
  'countryCode',
  'phone',
  'categoryIds',
] as const;
export type NewLocationField = (typeof NEW_LOCATION_FIELDS)[number];

export function emptyRow(): NewLocationRow {
  return {
    newLocationId: '',
    name: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    countryCode: 'US',
    phone: '',
    categoryIds: '',
  };
}

/** The ids of a category field or CSV cell ("1314, 1320" or "1314;1320"). */
export function categoryIdList(text: string): string[] {
  return text.split(/[\s,;|]+/).filter(Boolean);
}

const ZIP_BY_COUNTRY: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
};

/** The problem with one field, or null. `others` are the ids of the other rows (ids must be unique). */
export function fieldProblem(field: NewLocationField, row: NewLocationRow, others: string[] = []): string | null {
  const value = row[field].trim();
  switch (field) {
    case 'newLocationId':
      if (!value) return 'Give the new location an id (your own reference, e.g. HB-031).';
      if (!/^[\w.~:-]{1,200}$/.test(value) || /^\.{1,2}$/.test(value))
        return 'An id uses letters, digits and _ - . ~ : only, no spaces.';
      if (others.includes(value)) return `Another location in this form already uses the id ${value}.`;
      return null;
    case 'name':
      if (!value) return 'Enter the location’s name as customers know it.';
      return value.length > 200 ? 'A name is at most 200 characters.' : null;
    case 'address':
      if (!value) return 'Enter the street address (number and street).';
      return value.length > 200 ? 'An address is at most 200 characters.' : null;
    case 'city':
      return value ? null : 'Enter the city.';
    case 'state':
      if (row.countryCode.trim().toUpperCase() === 'US' && !/^[A-Za-z]{2}$/.test(value))
        return 'Enter the two-letter state code, e.g. OR.';
      return null;
    case 'zip': {
      const pattern = ZIP_BY_COUNTRY[row.countryCode.trim().toUpperCase()];
      if (!value) return pattern ? 'Enter the postal code.' : null;
      return pattern && !pattern.test(value)
        ? `${value} is not a postal code of ${row.countryCode.toUpperCase()}.`
        : null;
    }
    case 'countryCode':
      return /^[A-Za-z]{2}$/.test(value) ? null : 'Enter the two-letter country code, e.g. US.';
    case 'phone': {
      if (!value) return null;
      const digits = value.replace(/\D/g, '');
      if (!/^\+?[\d\s().-]+$/.test(value) || digits.length < 7 || digits.length > 15)
        return 'Enter a phone number of 7 to 15 digits, e.g. (503) 555-0142.';
      return null;
    }
    case 'categoryIds': {
      const ids = categoryIdList(value);
      if (ids.length === 0) return 'Give at least one category id; the service needs one for a new location.';
      if (ids.length > 10) return 'A location has at most 10 categories.';
      const bad = ids.find((id) => !/^[\w.:-]{1,50}$/.test(id));
      return bad ? `${bad} is not a category id (letters, digits and _ - . : only).` : null;
    }
  }
}

/** Every problem of every row, keyed by row index then field. Empty: the form can be sent. */
export function formProblems(rows: NewLocationRow[]): Partial<Record<NewLocationField, string>>[] {
  return rows.map((row, index) => {
    const others = rows.filter((_, i) => i !== index).map((r) => r.newLocationId.trim());
    const problems: Partial<Record<NewLocationField, string>> = {};
    for (const field of NEW_LOCATION_FIELDS) {
      const problem = fieldProblem(field, row, others);
      if (problem) problems[field] = problem;
    }
    return problems;
  });
}

export function hasProblems(problems: Partial<Record<NewLocationField, string>>[]): boolean {
  return problems.some((p) => Object.keys(p).length > 0);
}

const HEADER_ALIASES: Record<string, NewLocationField> = {
  id: 'newLocationId',
  newlocationid: 'newLocationId',
  locationid: 'newLocationId',
  name: 'name',
  locationname: 'name',
  address: 'address',
  street: 'address',
  city: 'city',
  state: 'state',
  region: 'state',
  zip: 'zip',
  postalcode: 'zip',
  country: 'countryCode',
  countrycode: 'countryCode',
  phone: 'phone',
  categoryids: 'categoryIds',
  categories: 'categoryIds',
  category: 'categoryIds',
};

/** One CSV line split on commas, honouring "quoted, fields" and "" escapes. */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === '\t') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

export interface CsvRead {
  rows: NewLocationRow[];
  /** Why the text could not be read at all (no header naming the columns). */
  problem: string | null;
}

/**
 * Rows from pasted CSV (or tab-separated text copied from a spreadsheet). The first line names the columns:
 * id, name, address, city, state, zip, country, phone, categories (ids split by ; or spaces, or quoted with
 * commas), in any order; unknown columns are ignored.
 */
export function rowsFromCsv(text: string): CsvRead {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return { rows: [], problem: 'Paste at least a header line and one location.' };
  const header = splitCsvLine(lines[0]!).map((h) => HEADER_ALIASES[h.toLowerCase().replace(/[^a-z]/g, '')]);
  const missing = (['newLocationId', 'name', 'address', 'city'] as const).filter((f) => !header.includes(f));
  if (missing.length > 0) {
    return {
      rows: [],
      problem: `The first line must name the columns; missing: ${missing.join(', ')} (e.g. id,name,address,city,state,zip,country,phone,categories).`,
    };
  }
  const rows = lines.slice(1).map((line) => {
    const row = emptyRow();
    splitCsvLine(line).forEach((cell, i) => {
      const field = header[i];
      if (field) row[field] = cell;
    });
    return row;
  });
  return { rows, problem: rows.length === 0 ? 'The header is there but no location follows it.' : null };
}
