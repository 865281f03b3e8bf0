/** The participants slice: the contract's parties and what each does. */
import { sortParticipants } from '../project';
import { participantsSchema } from '../schema';
import { validOrThrow, type EditorSlice } from './shared';

/** Makes `setParticipants`. */
export const createParticipantsSlice: EditorSlice<'setParticipants'> = (_set, get, { commit }) => ({
  setParticipants(list) {
    const next = sortParticipants(validOrThrow(participantsSchema, list, ['participants']));
    if (JSON.stringify(next) === JSON.stringify(get().project.participants)) return;
    commit('setParticipants', (draft) => {
      draft.participants = next;
    });
  },
});
