import { CheckboxField } from '@brigade/ui/app-kit/choice-fields';
import { Section } from './ui';

/** The sales channels an item or a modifier group is offered on, with their labels. */
export const CHANNEL_FIELDS = [
  ['pos', 'POS'],
  ['kiosk', 'Kiosk'],
  ['onlineOrdering', 'Online ordering'],
  ['onlineOrderingPartners', 'Ordering partners'],
  ['customerInvoices', 'Customer invoices'],
] as const;

/** A form section of one checkbox a channel, for the editors of records sold on channels (items, modifier groups). */
export function ChannelsSection({ title, description }: { title: string; description: string }) {
  return (
    <Section title={title} description={description}>
      <div className="cat-checks">
        {CHANNEL_FIELDS.map(([field, label]) => (
          <CheckboxField key={field} name={field} label={label} />
        ))}
      </div>
    </Section>
  );
}
