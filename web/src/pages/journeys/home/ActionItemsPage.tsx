import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { EmptyState, PageState, toastSuccess } from '../../../kit';
import { PageHeader } from '../../PageHeader';
import { actionItemsQuery, useActionItemCalls, type ActionItemsAnswer, type PollResponseJson, type TaskAssignmentJson } from '../api/journeysApi';
import '../journeys.css';

function Task({ task }: { task: TaskAssignmentJson }) {
  const { completeTask } = useActionItemCalls();
  const complete = () => completeTask.mutate(task.id, { onSuccess: () => toastSuccess('Done! Nice work.') });
  return (
    <li className="card action-item">
      <button type="button" className="icon-button action-check" aria-label={`Mark “${task.title}” done`} disabled={completeTask.isPending} onClick={complete}>
        {task.state === 'complete' ? <CheckCircle2 size={20} aria-hidden="true" /> : <Circle size={20} aria-hidden="true" />}
      </button>
      <div>
        <strong>{task.title}</strong>
        <p className="muted small">{task.text}</p>
      </div>
    </li>
  );
}

function Poll({ poll }: { poll: PollResponseJson }) {
  const { answerPoll } = useActionItemCalls();
  const answer = (index: number) => answerPoll.mutate({ id: poll.id, index }, { onSuccess: () => toastSuccess('Thanks for answering!') });
  return (
    <li className="card action-item">
      <div>
        <strong>{poll.question}</strong>
        <div className="button-row poll-answers" role="group" aria-label={poll.question}>
          {poll.options.map((o, i) => (
            <button key={i} type="button" className={`button button-small ${poll.answer_index === i ? 'button-primary' : 'button-secondary'}`} aria-pressed={poll.answer_index === i} disabled={answerPoll.isPending} onClick={() => answer(i)}>
              {o}
            </button>
          ))}
        </div>
      </div>
    </li>
  );
}

function Items({ data }: { data: ActionItemsAnswer }) {
  if (data.task_assignments.length === 0 && data.poll_responses.length === 0) return <EmptyState icon={<CheckCircle2 size={28} aria-hidden="true" />} title="You're all caught up">Tasks and polls from journeys you are part of show up here.</EmptyState>;
  return (
    <>
      {data.task_assignments.length > 0 && (
        <section aria-labelledby="ai-tasks">
          <h2 id="ai-tasks" className="section-title">
            Tasks
          </h2>
          <ul className="action-list">
            {data.task_assignments.map((t) => (
              <Task key={t.id} task={t} />
            ))}
          </ul>
        </section>
      )}
      {data.poll_responses.length > 0 && (
        <section aria-labelledby="ai-polls">
          <h2 id="ai-polls" className="section-title">
            Polls
          </h2>
          <ul className="action-list">
            {data.poll_responses.map((p) => (
              <Poll key={p.id} poll={p} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** /onboarding/action_items: my open tasks and polls from journeys. */
export default function ActionItemsPage() {
  const items = useQuery(actionItemsQuery);
  return (
    <div className="journeys-page">
      <PageHeader title="Your action items" subtitle="Tasks and polls from the journeys you are part of." />
      <PageState query={items} what="action items">
        {(data) => <Items data={data} />}
      </PageState>
    </div>
  );
}
