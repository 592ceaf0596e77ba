import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';

/** What an unpaired display shows the line: a manager sets it up from here. */
export function NotPairedScreen(props: { notice: string | null; onSetUp: () => void }) {
  return (
    <main className="ui-centered kitchen-setup">
      <Card
        titleAs="h1"
        title="This kitchen display is not set up"
        description="A manager pairs this screen with the restaurant once; it then shows the line's tickets with no one signed in."
      >
        <div className="kitchen-setup__form">
          {props.notice && <Alert tone="warning">{props.notice}</Alert>}
          <Button size="lg" block onClick={props.onSetUp}>
            Set up this display
          </Button>
        </div>
      </Card>
    </main>
  );
}
