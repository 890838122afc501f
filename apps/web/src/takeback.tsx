// Takebacks by consent on a seat's page: asking the others to take back actions beyond one's own
// undo, the banner with Accept / Decline on the other seats' pages, and how the latest request
// ended. And, in a finished sandbox game, the Undo that makes it active again. Everything shown is
// the board view's `takeback` and `undo` parts: the server decides what may be asked and by whom.
import { useEffect, useState } from 'preact/hooks';
import type { BoardView, Command } from './types';

type TakebackView = NonNullable<BoardView['takeback']>;
type Request = NonNullable<TakebackView['request']>;

const words = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export function TakebackPanel(props: { view: BoardView; seat: number | null; busy: boolean; replaying: boolean; onSend: (command: Command) => void }) {
  const { view, seat } = props;
  if (seat === null) return null;
  const over = view.status === 'won' || view.status === 'lost';
  if (view.mode === 'sandbox') return over && view.undo?.by.includes(seat) ? <SandboxUndo {...props} /> : null;
  if (!view.takeback) return null;
  return <Takebacks {...props} takeback={view.takeback} seat={seat} />;
}

/** A finished sandbox game undoes its last action like any other. */
function SandboxUndo({ busy, replaying, onSend }: { busy: boolean; replaying: boolean; onSend: (command: Command) => void }) {
  return (
    <section class="panel takeback" aria-label="Sandbox undo" data-takeback="sandbox">
      <p class="small">A sandbox game undoes anything, its end included: undoing the action that ended it makes it active again.</p>
      <button type="button" data-command="Undo" disabled={busy || replaying} onClick={() => onSend({ type: 'Undo' })}>
        ↶ Undo the last action
      </button>
    </section>
  );
}

/** Whether `request` is open now: the log says open and its window has not ended on this clock. */
function useOpen(request: Request | null): boolean {
  const open = request?.outcome === 'open';
  const ends = request ? request.expiresAt : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!open || now >= ends) return;
    // Re-rendered once when the window ends, so the banner goes without a new event.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(ends - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [open, ends, now]);
  return open && now < ends;
}

function Takebacks(props: { view: BoardView; takeback: TakebackView; seat: number; busy: boolean; replaying: boolean; onSend: (command: Command) => void }) {
  const { view, takeback, seat, busy, replaying, onSend } = props;
  const request = takeback.request;
  const open = useOpen(request);
  const name = (n: number) => (n === seat ? 'you' : (view.seats.find((s) => s.seat === n)?.name ?? `seat ${n}`));
  const disabled = busy || replaying || view.status !== 'active';
  return (
    <section class="panel takeback" aria-labelledby="takeback-title" data-takeback={open ? 'open' : 'idle'}>
      <h2 id="takeback-title">Takebacks</h2>
      {request && open && <OpenRequest request={request} seat={seat} name={name} disabled={disabled} onSend={onSend} />}
      {request && !open && <Outcome request={request} name={name} />}
      {!open && takeback.candidates.length > 0 && <AskControl takeback={takeback} name={name} disabled={disabled} onSend={onSend} />}
    </section>
  );
}

function OpenRequest(props: { request: Request; seat: number; name: (n: number) => string; disabled: boolean; onSend: (command: Command) => void }) {
  const { request, seat, name, disabled, onSend } = props;
  const what = `${request.actionIds.length} action${request.actionIds.length === 1 ? '' : 's'}, back to revision ${request.backTo}`;
  const until = new Date(request.expiresAt).toLocaleTimeString();
  const waiting = request.waitingFor.map(name).join(', ');
  if (request.seat === seat) {
    return (
      <div class="takeback-banner mine" role="status" data-takeback-request={request.requestId}>
        <p>
          You asked to take back {what}. Waiting for {waiting} (until {until}).
        </p>
        <button
          type="button"
          data-command="WithdrawTakeback"
          disabled={disabled}
          onClick={() => onSend({ type: 'WithdrawTakeback', requestId: request.requestId })}
        >
          Withdraw the request
        </button>
      </div>
    );
  }
  const mayAnswer = request.waitingFor.includes(seat);
  return (
    <div class="takeback-banner" role="alert" data-takeback-request={request.requestId}>
      <p>
        <strong>{name(request.seat)}</strong> asks to take back {what}. Every other seat must accept; one decline ends it (until {until}).
      </p>
      {mayAnswer ? (
        <div class="buttons">
          <AnswerButton request={request} accept={true} disabled={disabled} onSend={onSend} />
          <AnswerButton request={request} accept={false} disabled={disabled} onSend={onSend} />
        </div>
      ) : (
        <p class="small">You accepted. Waiting for {waiting}.</p>
      )}
    </div>
  );
}

function Outcome({ request, name }: { request: Request; name: (n: number) => string }) {
  const who = name(request.seat);
  const asked = `${who.charAt(0).toUpperCase()}${who.slice(1)} asked to take back ${request.actionIds.length} action${request.actionIds.length === 1 ? '' : 's'}`;
  const outcome =
    request.outcome === 'accepted'
      ? `accepted by every other seat: the board went back to revision ${request.backTo}`
      : request.outcome === 'declined'
        ? `declined by ${request.by === undefined ? 'a seat' : name(request.by)}: nothing was taken back`
        : request.outcome === 'withdrawn'
          ? 'withdrawn'
          : request.outcome === 'moved-on'
            ? 'expired: the game moved on'
            : 'expired: its time ran out';
  return (
    <p class="small takeback-outcome" data-takeback-outcome={request.outcome === 'open' ? 'expired' : request.outcome}>
      {asked}: {outcome}.
    </p>
  );
}

function AskControl(props: { takeback: TakebackView; name: (n: number) => string; disabled: boolean; onSend: (command: Command) => void }) {
  const { takeback, name, disabled, onSend } = props;
  const [to, setTo] = useState<string>('');
  const chosen = takeback.candidates.find((c) => c.actionId === to) ?? takeback.candidates[0];
  if (!chosen) return null;
  return (
    <form
      class="takeback-ask"
      onSubmit={(e) => {
        e.preventDefault();
        onSend({ type: 'RequestTakeback', actionId: chosen.actionId });
      }}
    >
      <label class="small">
        Back to before{' '}
        <select data-takeback-to value={chosen.actionId} onChange={(e) => setTo((e.target as HTMLSelectElement).value)}>
          {takeback.candidates.map((c, i) => (
            <option key={c.actionId} value={c.actionId}>
              {name(c.seat)}: “{words(c.firstEventType)}” (revision {c.revision}; {i + 1} action{i === 0 ? '' : 's'})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" data-command="RequestTakeback" disabled={disabled}>
        Ask to take back…
      </button>
    </form>
  );
}

function AnswerButton(props: { request: Request; accept: boolean; disabled: boolean; onSend: (command: Command) => void }) {
  const { request, accept, disabled, onSend } = props;
  return (
    <button
      type="button"
      data-command={accept ? 'AcceptTakeback' : 'DeclineTakeback'}
      disabled={disabled}
      onClick={() => onSend({ type: 'AnswerTakeback', requestId: request.requestId, accept })}
    >
      {accept ? 'Accept' : 'Decline'}
    </button>
  );
}
