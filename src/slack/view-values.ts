import { z } from 'zod';

const option = z.object({ value: z.string() }).loose();

/** One input's state in a submitted modal, as Slack sends it: each element kind fills its own field. */
const stateValue = z
  .object({
    type: z.string().optional(),
    value: z.string().nullish(),
    selected_option: option.nullish(),
    selected_options: z.array(option).nullish(),
    selected_date: z.string().nullish(),
    selected_time: z.string().nullish(),
    selected_user: z.string().nullish(),
    selected_users: z.array(z.string()).nullish(),
    selected_conversation: z.string().nullish(),
    selected_conversations: z.array(z.string()).nullish(),
    selected_channel: z.string().nullish(),
    selected_channels: z.array(z.string()).nullish(),
  })
  .loose();

/** `view.state.values`: block id → action id → the input's state. */
export const viewStateValues = z.record(z.string(), z.record(z.string(), stateValue));
export type ViewStateValues = z.infer<typeof viewStateValues>;

/** A submitted modal's values, checked against Slack's documented shape (the readers then pick their fields). */
export function viewValues(view: { state: { values: unknown } }): ViewStateValues {
  return viewStateValues.parse(view.state.values);
}
