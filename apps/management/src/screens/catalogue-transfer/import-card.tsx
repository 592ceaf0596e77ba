import { errorMessage } from '@brigade/api-client/problem-error';
import { MAX_IMPORT_CHARACTERS } from '@brigade/domain/catalogue/catalogue-io';
import { FieldFrame } from '@brigade/ui/app-kit/field-frame';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ImportPreview, summaryOf } from './import-preview';
import { type ImportSource, useApplyImport, usePreviewImport } from './transfer-api';

const SOURCES: { value: ImportSource; label: string; accept: string }[] = [
  { value: 'brigade', label: 'Brigade catalogue export (.json)', accept: '.json,application/json' },
  { value: 'square', label: 'Square item library export (.csv)', accept: '.csv,text/csv' },
  { value: 'toast', label: 'Toast menu export (.csv)', accept: '.csv,text/csv' },
];

const REQUEST_LIMIT = 1_000_000;

interface ChosenFile {
  name: string;
  content: string;
}

/** Upload → dry run (the preview with every row's errors) → import, all or nothing. */
export function ImportCard() {
  const flow = useImportFlow();
  const { preview, apply } = flow;
  return (
    <Card
      title="Import"
      description="Choose a file, check the preview, then import. Nothing is stored until you import, and an import stores everything or nothing."
    >
      <FileFields flow={flow} />
      <div className="transfer__actions">
        <Button
          variant="secondary"
          disabled={!flow.body}
          loading={preview.isPending}
          loadingText="Checking..."
          onClick={() => flow.body && preview.mutate(flow.body)}
        >
          Preview
        </Button>
      </div>
      {preview.isError && <Alert title="Could not read the file">{errorMessage(preview.error)}</Alert>}
      {preview.data && !apply.isSuccess && (
        <ImportPreview
          preview={preview.data}
          applying={apply.isPending}
          onApply={() => void flow.run().catch(() => undefined)}
        />
      )}
      {apply.isError && <Alert title="Nothing was imported">{errorMessage(apply.error)}</Alert>}
      {apply.isSuccess && (
        <Alert tone="success" title="Imported">
          {summaryOf(apply.data.counts)} added. <Link to="/menus">Open the menus</Link>
        </Alert>
      )}
    </Card>
  );
}

/** The chosen source and file, the dry run and the import. */
function useImportFlow() {
  const [source, setSource] = useState<ImportSource>('brigade');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const toast = useToast();
  const body = file ? { source, content: file.content, fileName: file.name } : null;
  const reset = () => {
    preview.reset();
    apply.reset();
  };
  const choose = async (chosen: File | undefined) => {
    reset();
    setFile(null);
    setFileError(undefined);
    if (!chosen) return;
    const content = await chosen.text();
    // The server's request limit is 1 MiB of JSON: quotes and non-Latin text grow when sent as a string.
    const sent = new TextEncoder().encode(JSON.stringify(content)).length;
    if (content.length > MAX_IMPORT_CHARACTERS || sent > REQUEST_LIMIT)
      return setFileError('The file is too large to import at once: split it into files under 800 KB');
    setFile({ name: chosen.name, content });
  };
  const chooseSource = (next: ImportSource) => {
    setSource(next);
    reset();
  };
  const run = async () => {
    if (!body) return;
    const result = await apply.mutateAsync(body);
    toast.success(`Imported ${summaryOf(result.counts)}`);
  };
  return { source, chooseSource, choose, fileError, body, preview, apply, run };
}

function FileFields({ flow }: { flow: ReturnType<typeof useImportFlow> }) {
  const ids = { source: useId(), file: useId() };
  const errorId = `${ids.file}-error`;
  return (
    <div className="transfer__fields">
      <FieldFrame id={ids.source} label="File from">
        <select
          id={ids.source}
          className="ui-field__input"
          value={flow.source}
          onChange={(event) => flow.chooseSource(event.target.value as ImportSource)}
        >
          {SOURCES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame id={ids.file} label="File" error={flow.fileError} errorId={errorId}>
        <input
          id={ids.file}
          type="file"
          className="ui-field__input transfer__file"
          accept={SOURCES.find((option) => option.value === flow.source)?.accept}
          aria-invalid={flow.fileError ? true : undefined}
          aria-describedby={flow.fileError ? errorId : undefined}
          onChange={(event) => void flow.choose(event.target.files?.[0])}
        />
      </FieldFrame>
    </div>
  );
}
