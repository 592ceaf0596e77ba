import { errorMessage } from '@brigade/api-client/problem-error';
import { exportCatalogue, importCatalogue } from '@brigade/contracts/catalogue-transfer';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan } from '../../restaurant-context';
import { CopyMenuCard } from './copy-menu-card';
import { ImportCard } from './import-card';
import { ShareMenuCard } from './share-menu-card';
import { useExport } from './transfer-api';
import './transfer.css';

const TITLE = 'Import and export';

/**
 * /catalogue-transfer (issue 45 items 12 and 13, managers and above): the catalogue out as JSON or CSV, in
 * from Brigade's JSON or Square's or Toast's CSV (a dry run first, then all or nothing), and a menu copied
 * from another restaurant of the organization or shared with its other locations (decision 074).
 */
export default function CatalogueTransferScreen() {
  const canImport = useCan(importCatalogue);
  const canExport = useCan(exportCatalogue);
  if (!canImport || !canExport) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  return (
    <div className="cat-page transfer">
      <PageHeader
        title={TITLE}
        description="Move a menu in or out: download this restaurant's catalogue, bring one in from Brigade, Square or Toast, copy a menu from another of your restaurants, or share one menu with your other locations."
      />
      <ExportCard />
      <ImportCard />
      <CopyMenuCard />
      <ShareMenuCard />
    </div>
  );
}

function ExportCard() {
  const download = useExport();
  return (
    <Card
      title="Export"
      description="The JSON file holds the whole catalogue (items, modifier groups, menus, tags, courses, tax rates, sales categories) and can be imported again here or in another restaurant. The CSV has one row per item, for spreadsheets."
    >
      <div className="transfer__actions">
        <Button
          onClick={() => download.mutate('json')}
          loading={download.isPending && download.variables === 'json'}
        >
          Download JSON
        </Button>
        <Button
          variant="secondary"
          onClick={() => download.mutate('csv')}
          loading={download.isPending && download.variables === 'csv'}
        >
          Download CSV
        </Button>
      </div>
      {download.isError && (
        <Alert title="Could not export the catalogue">{errorMessage(download.error)}</Alert>
      )}
    </Card>
  );
}
