// Add services to new locations: one block per location (repeatable) or rows read from pasted CSV, each
// field checked on its own; one new-location add request per location, sent by the worker.
import { useState } from 'preact/hooks';
import type { AvailableServiceView, SendBatchView } from '../../lib/messaging/protocol/index.ts';
import { agreementGroups } from '../../lib/shared/provisioning/agreements.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { Field } from '../ui/Field.tsx';
import { PickList } from '../ui/PickList.tsx';
import { TextField } from '../ui/TextField.tsx';
import { serviceChoice } from './AddToExisting.tsx';
import { BatchProgress } from './BatchProgress.tsx';
import {
  categoryIdList,
  emptyRow,
  formProblems,
  hasProblems,
  type NewLocationField,
  type NewLocationRow,
  rowsFromCsv,
} from './new-location.ts';
import type { ProvisioningRequests } from './provisioning-store.ts';

const LABELS: Record<NewLocationField, string> = {
  newLocationId: 'Location id',
  name: 'Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  countryCode: 'Country',
  phone: 'Phone',
  categoryIds: 'Category ids',
};

export interface NewLocationFormProps {
  actions: ProvisioningRequests;
  fromAccountId: string;
  catalog: AvailableServiceView[];
  batches: SendBatchView[];
}

export function NewLocationForm({ actions, fromAccountId, catalog, batches }: NewLocationFormProps) {
  const [rows, setRows] = useState<NewLocationRow[]>([emptyRow()]);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [skus, setSkus] = useState<string[]>([]);
  const [accountId, setAccountId] = useState('');
  const [accountName, setAccountName] = useState('');
  const [csv, setCsv] = useState('');
  const [csvProblem, setCsvProblem] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const problems = formProblems(rows);
  const shownProblem = (index: number, field: NewLocationField) =>
    submitted || touched.has(`${index}.${field}`) ? (problems[index]?.[field] ?? null) : null;
  const batch = batches.find((b) => b.batchId === batchId) ?? null;

  const edit = (index: number, field: NewLocationField, value: string) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const touch = (index: number, field: NewLocationField) => setTouched(new Set([...touched, `${index}.${field}`]));

  function readCsv() {
    const read = rowsFromCsv(csv);
    setCsvProblem(read.problem);
    if (read.problem) return;
    const blank = rows.length === 1 && Object.values(rows[0]!).every((v) => v === '' || v === 'US');
    setRows(blank ? read.rows : [...rows, ...read.rows]);
    setCsv('');
  }

  async function send() {
    setSubmitted(true);
    setError(null);
    if (hasProblems(problems) || skus.length === 0 || agreementGroups(skus, catalog).length > 1) return;
    setBusy(true);
    try {
      const answer = await actions.addNewLocations({
        fromAccountId,
        skus,
        newLocationAccountId: accountId.trim(),
        newLocationAccountName: accountName.trim(),
        locations: rows.map((r) => ({
          ...r,
          countryCode: r.countryCode.trim().toUpperCase(),
          categoryIds: categoryIdList(r.categoryIds),
        })),
      });
      setBatchId(answer.batchId);
      setRows([emptyRow()]);
      setTouched(new Set());
      setSubmitted(false);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const agreements = agreementGroups(skus, catalog).length;
  const errorCount = problems.reduce((n, p) => n + Object.keys(p).length, 0);
  return (
    <div class="prov-panel">
      <div class="prov-account-fields">
        <TextField
          label="Account for the new locations"
          hint="An account id under the one provisioned from; empty: that account itself."
          value={accountId}
          onValue={setAccountId}
        />
        <TextField
          label="New account’s name"
          hint="Only when the id above is a new account."
          value={accountName}
          onValue={setAccountName}
        />
      </div>
      {rows.map((row, index) => (
        <fieldset class="prov-location" key={index}>
          <legend>
            Location {index + 1}
            {rows.length > 1 ? (
              <Button size="sm" variant="ghost" onClick={() => setRows(rows.filter((_, i) => i !== index))}>
                Remove
              </Button>
            ) : null}
          </legend>
          <div class="prov-location__grid">
            {(Object.keys(LABELS) as NewLocationField[]).map((field) => (
              <Field
                key={field}
                label={LABELS[field]}
                hint={field === 'categoryIds' ? 'The service’s category ids, 1 to 10, e.g. 1314, 1320.' : undefined}
                error={shownProblem(index, field)}
                class={`prov-field--${field}`}
              >
                {(control) => (
                  <input
                    {...control}
                    class="ui-input"
                    name={`${field}-${index}`}
                    value={row[field]}
                    onInput={(event) => edit(index, field, event.currentTarget.value)}
                    onBlur={() => touch(index, field)}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
      ))}
      <div class="prov-row prov-row--tight">
        <Button onClick={() => setRows([...rows, emptyRow()])}>Add another location</Button>
      </div>
      <Field
        label="Or paste CSV"
        hint="First line names the columns: id,name,address,city,state,zip,country,phone,categories (category ids split by ; or spaces; copied spreadsheet rows work too)."
        error={csvProblem}
      >
        {(control) => (
          <textarea
            {...control}
            class="ui-input prov-csv"
            rows={3}
            value={csv}
            onInput={(e) => setCsv(e.currentTarget.value)}
          />
        )}
      </Field>
      <div class="prov-row prov-row--tight">
        <Button disabled={!csv.trim()} onClick={readCsv}>
          Read CSV into the form
        </Button>
      </div>
      <PickList label="Services to add" values={skus} choices={catalog.map(serviceChoice)} onValues={setSkus} />
      {agreements > 1 ? (
        <p class="prov-warning" role="alert">
          These services belong to {agreements} different agreements, and a new location is created by one request.
          Choose the services of one agreement; add the others to the location once it exists.
        </p>
      ) : null}
      {submitted && (errorCount > 0 || skus.length === 0) ? (
        <p class="prov-warning" role="alert">
          {errorCount > 0 ? `${errorCount} ${errorCount === 1 ? 'field needs' : 'fields need'} attention. ` : ''}
          {skus.length === 0 ? 'Choose at least one service.' : ''}
        </p>
      ) : null}
      <Button variant="primary" busy={busy} onClick={() => void send()}>
        {rows.length === 1 ? 'Send 1 new-location request' : `Send ${rows.length} new-location requests`}
      </Button>
      <ErrorNotice error={error} title="Nothing was sent" />
      {batch ? <BatchProgress batch={batch} /> : null}
    </div>
  );
}
