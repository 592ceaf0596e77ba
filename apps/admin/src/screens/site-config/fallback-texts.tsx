import { errorMessage } from '@brigade/api-client/problem-error';
import { FormError } from '@brigade/ui/app-kit/form';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useId, useState } from 'react';
import type { TabProps } from './index';
import { useSiteConfigWrites } from './site-config-api';

interface Entry {
  key: string;
  text: string;
}

/** The entries as the server takes them, or the reason they cannot be saved. */
export function textsOf(entries: readonly Entry[]): Record<string, string> | string {
  const texts: Record<string, string> = {};
  for (const { key, text } of entries) {
    const name = key.trim();
    if (!name) return 'Every text needs a key';
    if (name in texts) return `The key ${name} is used twice`;
    texts[name] = text;
  }
  return texts;
}

function EntryRow({
  entry,
  index,
  onChange,
  onRemove,
}: {
  entry: Entry;
  index: number;
  onChange: (entry: Entry) => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <li className="fallback-text">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-key`}>
          Key {index + 1}
        </label>
        <input
          id={`${id}-key`}
          className="ui-field__input"
          value={entry.key}
          autoComplete="off"
          onChange={(event) => onChange({ ...entry, key: event.target.value })}
        />
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-text`}>
          Text {index + 1}
        </label>
        <textarea
          id={`${id}-text`}
          className="ui-field__input"
          rows={2}
          value={entry.text}
          onChange={(event) => onChange({ ...entry, text: event.target.value })}
        />
      </div>
      <Button variant="ghost" size="sm" onClick={onRemove}>
        Remove<span className="ui-visually-hidden"> text {entry.key || index + 1}</span>
      </Button>
    </li>
  );
}

/** Fallback texts: the words public sites show where a restaurant wrote none, by key. */
export function FallbackTextsTab({ config }: TabProps) {
  const [entries, setEntries] = useState<Entry[]>(() =>
    Object.entries(config.fallbackTexts).map(([key, text]) => ({ key, text })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { setTexts } = useSiteConfigWrites();
  const toast = useToast();
  const save = () => {
    const texts = textsOf(entries);
    if (typeof texts === 'string') return setProblem(texts);
    setProblem(null);
    setTexts.mutate(texts, {
      onSuccess: () => toast.success('Fallback texts saved'),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };
  return (
    <div className="admin-section-plain">
      <div className="admin-tab-header">
        <h2 id="texts-title" className="admin-section__title">
          Fallback texts
        </h2>
        <Button variant="secondary" onClick={() => setEntries([...entries, { key: '', text: '' }])}>
          Add text
        </Button>
      </div>
      <FormError message={problem} />
      {entries.length === 0 ? (
        <p className="admin-note">No fallback texts. Public sites leave those places empty.</p>
      ) : (
        <ul className="fallback-texts">
          {entries.map((entry, index) => (
            <EntryRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; keys may be blank or repeated
              key={index}
              entry={entry}
              index={index}
              onChange={(next) => setEntries(entries.map((e, i) => (i === index ? next : e)))}
              onRemove={() => setEntries(entries.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      <div className="admin-form-actions">
        <Button onClick={save} loading={setTexts.isPending} loadingText="Saving...">
          Save texts
        </Button>
      </div>
    </div>
  );
}
