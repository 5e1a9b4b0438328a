import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LearningMapItem, LearningMapSummary } from '../../api/schemas/learning-map.schema';
import type { LearningMapAssignView, LearningMapViewModel } from '../../machines/learning-map/learning-map.selectors';
import { formatCalendarDay, formatDate } from '../format/date-format';
import { Button } from '../primitives/button';
import './learning-map.css';

export interface LearningMapViewProps {
  view: LearningMapViewModel;
  onRetry: () => void;
  onAssign: (mapId: string, userIds: string[]) => void;
  onAssignEdit: () => void;
}

/** /learning-map and /learning-map/:id (issue 47): the maps with their progress and history, one map's items as the server judged them. */
export function LearningMapView({ view, onRetry, onAssign, onAssignEdit }: LearningMapViewProps) {
  const { t } = useTranslation();
  return (
    <section className="learning-map" aria-labelledby="learning-map-title" data-testid="learning-map">
      {view.page === 'map' ? (
        <p className="learning-map__back">
          <Link to="/learning-map">{t('learning-map:back')}</Link>
        </p>
      ) : null}
      <h1 id="learning-map-title">{view.map?.title ?? t('learning-map:title')}</h1>
      {view.status === 'loading' ? (
        <p role="status">{t('learning-map:loading')}</p>
      ) : view.status === 'failed' ? (
        <div role="alert" className="learning-map__failed">
          <p>{view.failure?.kind === 'server' ? view.failure.message : t('learning-map:failed')}</p>
          {view.canRetry ? <Button onClick={onRetry}>{t('learning-map:retry')}</Button> : null}
        </div>
      ) : view.map ? (
        <MapPage map={view.map} />
      ) : (
        <>
          <p className="learning-map__intro">{t('learning-map:intro')}</p>
          <h2>{t('learning-map:current')}</h2>
          {view.maps.length === 0 ? <p>{t('learning-map:none')}</p> : <MapList maps={view.maps} testId="learning-map-current" />}
          <h2>{t('learning-map:history')}</h2>
          {view.history.length === 0 ? <p>{t('learning-map:no_history')}</p> : <MapList maps={view.history} testId="learning-map-history" />}
          {view.assign ? <AssignForm assign={view.assign} onAssign={onAssign} onEdit={onAssignEdit} /> : null}
        </>
      )}
    </section>
  );
}

function Progress({ map }: { map: LearningMapSummary }) {
  const { t } = useTranslation();
  return (
    <div className="learning-map__progress">
      <progress max={100} value={map.progress} aria-label={t('learning-map:progress_label')} />
      <span>{t('learning-map:progress', { done: map.items_done, total: map.items_total, percent: map.progress })}</span>
    </div>
  );
}

function MapList({ maps, testId }: { maps: LearningMapSummary[]; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="learning-map__maps" data-testid={testId}>
      {maps.map((m) => (
        <li key={m.id} className={`learning-map__map learning-map__map--${m.status}`}>
          <h3>
            <Link to={`/learning-map/${m.id}`}>{m.title}</Link>
          </h3>
          <p>{m.description}</p>
          <p className="learning-map__meta">
            <span className="learning-map__status">{t(`learning-map:status.${m.status}`)}</span>
            <span>{m.due_on ? t('learning-map:due', { date: formatCalendarDay(m.due_on, i18n.language) }) : t('learning-map:no_due')}</span>
            {m.finished_at ? <span>{t('learning-map:finished_on', { date: formatDate(m.finished_at, i18n.language) })}</span> : null}
          </p>
          <Progress map={m} />
        </li>
      ))}
    </ul>
  );
}

function MapPage({ map }: { map: LearningMapViewModel['map'] & object }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className="learning-map__intro">{map.description}</p>
      <p className="learning-map__meta">
        <span className="learning-map__status">{t(`learning-map:status.${map.status}`)}</span>
        <span>{map.due_on ? t('learning-map:due', { date: formatCalendarDay(map.due_on, i18n.language) }) : t('learning-map:no_due')}</span>
      </p>
      <Progress map={map} />
      <h2>{t('learning-map:items')}</h2>
      <ol className="learning-map__items" data-testid="learning-map-items">
        {map.items.map((item) => (
          <ItemRow key={item.id} item={item} />
        ))}
      </ol>
    </>
  );
}

function ItemRow({ item }: { item: LearningMapItem }) {
  const { t, i18n } = useTranslation();
  const href = item.kind === 'course' ? `/course/${item.course_id}` : `/offline/${item.course_id}`;
  return (
    <li className={`learning-map__item learning-map__item--${item.state}`} data-testid={`learning-map-item-${item.position}`} data-state={item.state}>
      <span className="learning-map__kind">{t(`learning-map:kind.${item.kind}`)}</span>
      <span className="learning-map__item-title">{item.state === 'locked' ? item.title : <Link to={href}>{item.title}</Link>}</span>
      <span className="learning-map__state">{t(`learning-map:state.${item.state}`)}</span>
      <span>{item.due_on ? t('learning-map:due', { date: formatCalendarDay(item.due_on, i18n.language) }) : t('learning-map:no_due')}</span>
      {item.completed_at ? <span>{t('learning-map:completed_on', { date: formatDate(item.completed_at, i18n.language) })}</span> : null}
      {item.state === 'locked' ? <span className="learning-map__hint">{t('learning-map:requires_previous')}</span> : null}
    </li>
  );
}

function AssignForm({ assign, onAssign, onEdit }: { assign: LearningMapAssignView; onAssign: LearningMapViewProps['onAssign']; onEdit: () => void }) {
  const { t } = useTranslation();
  const [mapId, setMapId] = useState(assign.maps[0]?.id ?? '');
  const [chosen, setChosen] = useState<string[]>([]);
  const holders = new Set(assign.maps.find((m) => m.id === mapId)?.holders ?? []);
  const edit = () => {
    if (assign.result || assign.failure) onEdit();
  };
  return (
    <form
      className="learning-map__assign"
      data-testid="learning-map-assign"
      onSubmit={(e) => {
        e.preventDefault();
        onAssign(mapId, chosen);
      }}
    >
      <h2>{t('learning-map:assign_title')}</h2>
      <label>
        <span>{t('learning-map:assign_map')}</span>
        <select value={mapId} onChange={(e) => (setMapId(e.target.value), edit())} data-testid="learning-map-assign-map">
          {assign.maps.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('learning-map:assign_people', { count: assign.downlines.length })}</legend>
        {assign.downlines.map((d) => (
          <label key={d.id} className="learning-map__person">
            <input
              type="checkbox"
              checked={chosen.includes(d.id)}
              onChange={(e) => (setChosen((c) => (e.target.checked ? [...c, d.id] : c.filter((id) => id !== d.id))), edit())}
              data-testid={`learning-map-assign-${d.agent_code}`}
            />
            <span>
              {d.name} ({d.agent_code}){holders.has(d.id) ? ` · ${t('learning-map:assign_holds')}` : ''}
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={!assign.canSubmit || chosen.length === 0}>
        {assign.busy ? t('learning-map:assign_busy') : t('learning-map:assign_submit')}
      </Button>
      {assign.result ? (
        <p role="status" data-testid="learning-map-assign-result">
          {t('learning-map:assign_done', { count: assign.result.assigned.length })}
          {assign.result.already.length > 0 ? ` ${t('learning-map:assign_already', { count: assign.result.already.length })}` : ''}
        </p>
      ) : null}
      {assign.failure ? <p role="alert">{assign.failure.kind === 'server' ? assign.failure.message : t('learning-map:assign_failed')}</p> : null}
    </form>
  );
}
