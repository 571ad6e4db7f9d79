import { idParams, operator } from '@auction/contract';
import type { LotCommand } from '@auction/engine';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { commandIdOf } from '../../../../commandId.ts';
import { runLotCommand } from '../../../../operator/lotCommandAnswer.ts';
import { documentRoutes } from '../../../../routeDocs.ts';

const { lotCommandAnswer, lotCommandBody, rescheduleBody, operatorErrors } = operator;

/** The administrator's commands on a lot (issue 5 §4), one route each; each answers the committed state. */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });
  const lots = app.operatorLotRepository;

  function lotCommandRoute(
    path: string,
    summary: string,
    body: z.ZodType<{ commandId?: string | undefined } | null | undefined>,
    command: (input: never) => Omit<LotCommand, 'commandId' | 'userId' | 'at' | 'auctionActive'>,
    afterwards?: (lotId: number, input: never) => Promise<void>,
  ) {
    app.post(
      path,
      {
        schema: {
          summary,
          params: idParams,
          body,
          response: { 200: lotCommandAnswer, ...operatorErrors(404, 409, 422) },
        },
      },
      async (request: FastifyRequest<{ Params: { id: number }; Body: { commandId?: string } | null | undefined }>) => {
        const lotId = request.params.id;
        const lot = await app.operatorAccess.managedAuction(request, 'lot', lotId);
        const input = (request.body ?? {}) as never;
        const answer = await runLotCommand(app.lotCommands, lotId, {
          ...command(input),
          commandId: commandIdOf(request, request.body?.commandId),
          userId: lot.userId,
          at: Date.now(),
          auctionActive: lot.auctionActive,
        } as LotCommand);
        await afterwards?.(lotId, input);
        return answer;
      },
    );
  }

  lotCommandRoute(
    '/api/admin/lots/:id/close-early',
    'Closes a lot before its end: no winner, later bids refused',
    lotCommandBody,
    () => ({ type: 'CloseLotEarly' }),
  );
  lotCommandRoute(
    '/api/admin/lots/:id/hide',
    'Hides a lot: it leaves the lists and refuses bids',
    lotCommandBody,
    () => ({ type: 'HideLot' }),
    (lotId) => lots.setHidden(lotId, true),
  );
  lotCommandRoute(
    '/api/admin/lots/:id/show',
    'Shows a hidden lot again',
    lotCommandBody,
    () => ({ type: 'ShowLot' }),
    (lotId) => lots.setHidden(lotId, false),
  );
  lotCommandRoute(
    '/api/admin/lots/:id/reschedule',
    "Changes a lot's end: it becomes both the current and the initial end",
    rescheduleBody,
    (input: z.output<typeof rescheduleBody>) => ({ type: 'RescheduleLot', endsAt: input.dateCompleted.getTime() }),
    (lotId, input: z.output<typeof rescheduleBody>) => lots.setEnd(lotId, input.dateCompleted),
  );
}) satisfies FastifyPluginAsyncZod;
