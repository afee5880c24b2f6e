import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { clsx } from 'clsx'
import { ChevronDown, ChevronUp, GripVertical, Languages, MapPinOff, Plus, Trash2 } from 'lucide-react'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditorStop, PlaceRef } from './editor-state.ts'
import { textColorOn } from '#app/utils/contrast.ts'
import { Button, IconButton } from '#app/components/ui/button.tsx'

interface RouteStopsProps {
  stops: EditorStop[]
  /** The places a slot can be filled with (the category's places with a position). */
  places: PlaceRef[]
  color: string
  onMove(from: number, to: number): void
  onRemove(key: string): void
  onFill(key: string, place: PlaceRef): void
  onAddSlot(): void
  /** Opens a stop's texts per content language (ADR 043). */
  onTexts?(place: { id: number; name: string }): void
}

/** Stops move along the list only (what @dnd-kit/modifiers' restrictToVerticalAxis does). */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 })

/**
 * The route's stops in walking order: drag and drop (pointer, touch, keyboard through dnd-kit),
 * move up/down and remove buttons, and empty slots to fill with a place.
 */
export function RouteStops({ stops, places, color, onMove, onRemove, onFill, onAddSlot, onTexts }: RouteStopsProps) {
  const { t } = useTranslation()
  // A stable id: dnd-kit's own counter differs between the server and the browser (hydration).
  const dndId = useId()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const indexOf = (id: UniqueIdentifier) => stops.findIndex((s) => s.key === id)
  const nameOf = (id: UniqueIdentifier) => {
    const stop = stops[indexOf(id)]
    return stop?.name || t('mapEditor.emptySlot')
  }
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : indexOf(id) + 1)
  // The place last announced: dnd-kit reports "over itself" right after the pick-up, which would
  // drown "picked up" at once.
  const lastOver = useRef<UniqueIdentifier | null>(null)
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id
      return t('mapEditor.dnd.picked', { name: nameOf(active.id), position: position(active.id) })
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined
      lastOver.current = over.id
      return t('mapEditor.dnd.moved', { name: nameOf(active.id), position: position(over.id) })
    },
    onDragEnd: ({ active, over }) => t('mapEditor.dnd.dropped', { name: nameOf(active.id), position: position(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t('mapEditor.dnd.cancelled', { name: nameOf(active.id), position: position(active.id) }),
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(indexOf(active.id), indexOf(over.id))
  }

  return (
    <div className="flex flex-col gap-3">
      {stops.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-600 dark:border-gray-700 dark:text-gray-300" data-testid="stops-empty">
          {t('mapEditor.stopsEmpty')}
        </p>
      ) : (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('mapEditor.dnd.instructions') } }}
        >
          <SortableContext items={stops.map((s) => s.key)} strategy={verticalListSortingStrategy}>
            <ol className="flex flex-col gap-1.5" data-testid="route-stops">
              {stops.map((stop, index) => (
                <SortableStop
                  key={stop.key}
                  stop={stop}
                  index={index}
                  last={index === stops.length - 1}
                  color={color}
                  places={places}
                  onMove={onMove}
                  onRemove={onRemove}
                  onTexts={onTexts}
                  onFill={onFill}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <Button type="button" variant="ghostPrimary" size="sm" className="self-start" onClick={onAddSlot} data-testid="add-slot">
        <Plus className="size-4" aria-hidden />
        {t('mapEditor.addSlot')}
      </Button>
    </div>
  )
}

interface SortableStopProps {
  stop: EditorStop
  index: number
  last: boolean
  color: string
  places: PlaceRef[]
  onMove(from: number, to: number): void
  onRemove(key: string): void
  onFill(key: string, place: PlaceRef): void
  onTexts?(place: { id: number; name: string }): void
}

function SortableStop({ stop, index, last, color, places, onMove, onRemove, onFill, onTexts }: SortableStopProps) {
  const { t } = useTranslation()
  const selectId = useId()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stop.key })
  const number = index + 1
  const name = stop.name || t('mapEditor.emptySlot')
  const unplaced = stop.id !== null && (stop.lat === null || stop.lng === null)
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="route-stop"
      data-place-id={stop.id ?? ''}
      className={clsx(
        'flex items-center gap-2 rounded-xl border bg-white py-1.5 pr-1.5 pl-1 dark:bg-gray-900',
        isDragging ? 'relative z-10 border-primary-400 shadow-lg' : 'border-gray-200 dark:border-gray-800',
      )}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        label={t('mapEditor.drag', { name })}
        data-testid="stop-handle"
        className="cursor-grab touch-none active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </IconButton>
      <span
        aria-hidden
        className={clsx('flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold', stop.id === null && 'bg-gray-400 text-gray-950')}
        style={stop.id === null ? undefined : { background: color, color: textColorOn(color) }}
      >
        {number}
      </span>
      <div className="min-w-0 flex-1">
        {stop.id === null ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              {t('mapEditor.choosePlace', { number })}
            </label>
            <select
              id={selectId}
              data-testid="slot-select"
              value=""
              onChange={(event) => {
                const place = places.find((p) => p.id === Number(event.target.value))
                if (place) onFill(stop.key, place)
              }}
              className="w-full rounded-lg border border-dashed border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-700 dark:bg-gray-900"
            >
              <option value="" disabled>
                {t('mapEditor.choosePlace', { number })}
              </option>
              {places.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </>
        ) : (
          <p className="flex items-center gap-1.5 truncate text-sm font-medium" data-testid="stop-name">
            <span className="sr-only">{t('mapEditor.stopNumber', { number })}: </span>
            <span className="truncate">{stop.name}</span>
            {unplaced ? <MapPinOff className="size-3.5 shrink-0 text-amber-600" aria-label={t('mapEditor.noPosition')} /> : null}
          </p>
        )}
      </div>
      <IconButton disabled={index === 0} onClick={() => onMove(index, index - 1)} label={t('mapEditor.moveUp', { name })} data-testid="stop-up">
        <ChevronUp className="size-4" aria-hidden />
      </IconButton>
      <IconButton disabled={last} onClick={() => onMove(index, index + 1)} label={t('mapEditor.moveDown', { name })} data-testid="stop-down">
        <ChevronDown className="size-4" aria-hidden />
      </IconButton>
      {onTexts && stop.id !== null ? (
        <IconButton onClick={() => onTexts({ id: stop.id!, name })} label={t('placeTexts.open', { name })} data-testid="stop-texts">
          <Languages className="size-4" aria-hidden />
        </IconButton>
      ) : null}
      <IconButton className="hover:text-red-700 dark:hover:text-red-400" onClick={() => onRemove(stop.key)} label={t('mapEditor.remove', { name })} data-testid="stop-remove">
        <Trash2 className="size-4" aria-hidden />
      </IconButton>
    </li>
  )
}
