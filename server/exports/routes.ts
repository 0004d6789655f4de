/**
 * The export operations of the document (x-operation export, exportStatus, exportFile). Starting an
 * export needs the list's permission (checked by authorize, from x-permission); reading a job or its file
 * needs only a session, and answers 404 to anyone but the user who asked: a job's id reveals nothing. The
 * file is handed over only while its owner still holds the list's permission (403 EXPORT_NOT_ALLOWED once a
 * role is taken away); the worker checks the same when the job runs (worker.ts callerNow).
 * A user with ESPORTAZIONI_MAX_IN_CORSO jobs queued or running is refused another one (429).
 */
import { createReadStream, existsSync } from 'node:fs';
import type { Request, Response } from 'express';
import { entityByName } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import type { EntityService } from '../crud/entity-service.js';
import { enforceRequiredFilter } from '../crud/required-filter.js';
import { enforceSearchPeriod } from '../crud/search-period.js';
import { holds, type Caller } from '../domain/auth/caller.js';
import { ApiError } from '../http/api-error.js';
import { pathParams } from '../http/path-params.js';
import { present } from '../lookup.js';
import { exportFormatOf, jobView, type ExportJob } from './jobs.js';
import type { ExportWorker } from './worker.js';
import { CONTENT_TYPES } from './writers.js';

type ExportHandler = (req: Request, res: Response, caller: Caller, entity?: string) => Promise<void>;

export function exportHandlers(worker: ExportWorker, model: RuntimeModel, serviceFor: (entity: string) => EntityService): Record<string, ExportHandler> {
  const ownJob = async (req: Request, caller: Caller): Promise<ExportJob> => {
    const job = await worker.jobs.find(String(req.params.id));
    if (!job || job.username !== caller.username) throw new ApiError('NOT_FOUND');
    return job;
  };
  return {
    export: async (req, res, caller, entityName) => {
      const entity = entityByName(model, present(entityName, 'x-entity of an export operation'));
      const { formato, ...query } = req.query;
      // A collection's path names the leading key fields only.
      const params: Partial<Record<string, string>> = pathParams(req);
      const fixed = Object.fromEntries(entity.key.filter((k) => params[k] !== undefined).map((k) => [k, params[k]]));
      // Exporting a list that needs a filter needs it too: the export would be the very search refused.
      enforceRequiredFilter(entity, query);
      enforceSearchPeriod(entity, query);
      // The same checks the list makes now, so a mistake answers 400 here rather than a failed job later.
      serviceFor(entity.name).exportQuery(query, caller, fixed);
      await worker.checkLimit(caller.username);
      const job = await worker.jobs.create(entity.name, exportFormatOf(formato), caller.username, caller.userType, { query, fixed });
      worker.wake();
      res.status(202).json(jobView(job));
    },
    exportStatus: async (req, res, caller) => {
      res.json(jobView(await ownJob(req, caller)));
    },
    exportFile: async (req, res, caller) => {
      const job = await ownJob(req, caller);
      if (!holds(caller, entityByName(model, job.entity).api.permissions.list)) throw new ApiError('EXPORT_NOT_ALLOWED');
      if (job.stato === 'E') throw new ApiError('EXPORT_FAILED');
      const path = job.downloadId ? worker.fileOf(job.downloadId, job.formato) : undefined;
      if (job.stato !== 'S' || !path || !existsSync(path)) throw new ApiError('FILE_NOT_FOUND');
      const name = job.nomeFile ?? `Esportazione.${job.formato}`;
      res.status(200);
      res.set('Content-Type', CONTENT_TYPES[job.formato]);
      res.set('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
      res.set('Cache-Control', 'no-store');
      await new Promise<void>((resolve, reject) => {
        const file = createReadStream(path);
        file.on('error', reject);
        res.on('finish', resolve);
        res.on('close', resolve);
        file.pipe(res);
      });
    },
  };
}
