import { NotPairedCard } from '@brigade/ui/device-setup';

/** What an unpaired display shows the line: a manager sets it up from here. */
export function NotPairedScreen(props: { notice: string | null; onSetUp: () => void }) {
  return (
    <NotPairedCard
      title="This kitchen display is not set up"
      description="A manager pairs this screen with the restaurant once; it then shows the line's tickets with no one signed in."
      action="Set up this display"
      notice={props.notice}
      onSetUp={props.onSetUp}
      className="kitchen-setup"
    />
  );
}
