import type { AuctionPhoto, operator } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field } from '../../account/Field.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { serverMessageId } from '../../i18n/messages.ts';
import { PhotoDrop, type PhotoDropWords } from '../PhotoDrop.tsx';
import { consoleKeys } from '../queries.ts';
import { PartRow } from './PartRow.tsx';
import { setupKeys, setupMutations } from './queries.ts';

/** Spec 001 §3's photo flags: where and how a banner photo is used. */
export const PHOTO_FLAGS = [
  'isUsedInFrench',
  'isUsedInEnglish',
  'isUsedOnMobile',
  'isUsedOnComputer',
  'isUsedAsBackgroundImage',
  'isVideoAlwaysOnTop',
  'isUsedAsBannerInLeaderboard',
] as const;
type Flag = (typeof PHOTO_FLAGS)[number];

interface Draft {
  fullPath: string;
  bannerType: 'image' | 'video';
  videoUrl: string;
  additionalLinkUrl: string;
  /** Seconds on screen, as typed; the API counts milliseconds. */
  seconds: string;
  flags: Record<Flag, boolean>;
}

function draftOf(photo: AuctionPhoto | undefined): Draft {
  const flags = Object.fromEntries(
    PHOTO_FLAGS.map((flag) => [flag, photo ? photo[flag] : flag.startsWith('isUsedIn') || flag.startsWith('isUsedOn')]),
  ) as Record<Flag, boolean>;
  return {
    fullPath: photo?.fullPath ?? '',
    bannerType: photo?.bannerType === 'video' ? 'video' : 'image',
    videoUrl: photo?.videoUrl ?? '',
    additionalLinkUrl: photo?.additionalLinkUrl ?? '',
    seconds: String((photo?.interval ?? 5000) / 1000),
    flags,
  };
}

function photoBody(draft: Draft, order: number | undefined) {
  const seconds = Number(draft.seconds.replace(',', '.'));
  return {
    fullPath: draft.fullPath.trim(),
    bannerType: draft.bannerType,
    videoUrl: draft.videoUrl.trim() || null,
    additionalLinkUrl: draft.additionalLinkUrl.trim() || null,
    // A value the API will refuse is sent as is, so its message names the field.
    interval: Number.isFinite(seconds) ? Math.round(seconds * 1000) : -1,
    ...draft.flags,
    ...(order === undefined ? {} : { order }),
  };
}

function PhotoRow({
  auction,
  photo,
  ids = [],
  index = -1,
}: {
  auction: operator.OperatorAuction;
  photo?: AuctionPhoto;
  /** The banner photos' ids in their order, and this one's place among them. */
  ids?: readonly number[];
  index?: number;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState<Draft>(() => draftOf(photo));
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const fieldError = (errors: Record<string, string[]>, name: string) =>
    errors[name]?.[0] ? serverMessageId(errors[name][0]) : undefined;
  return (
    <PartRow
      auctionId={auction.id}
      organizationId={auction.organizationId}
      kind="photos"
      id={photo?.id}
      legend={
        photo ? (
          <FormattedMessage id="console.setup.photoNumber" values={{ n: index + 1 }} />
        ) : (
          <FormattedMessage id="console.setup.newPhoto" />
        )
      }
      body={() => photoBody(draft, photo ? undefined : auction.photos.length)}
      onAdded={() => setDraft(draftOf(undefined))}
      place={{ ids, index, name: intl.formatMessage({ id: 'console.setup.photoNumber' }, { n: index + 1 }) }}
    >
      {(errors) => (
        <>
          {draft.fullPath ? <img className="setup__thumb" src={draft.fullPath} alt="" /> : null}
          <Field
            label={<FormattedMessage id="console.setup.photoPath" />}
            type="url"
            value={draft.fullPath}
            error={fieldError(errors, 'fullPath')}
            onChange={(event) => set({ fullPath: event.target.value })}
          />
          <div className="field">
            <label htmlFor={`photo-type-${photo?.id ?? 'new'}`}>
              <FormattedMessage id="console.setup.photoType" />
            </label>
            <select
              id={`photo-type-${photo?.id ?? 'new'}`}
              value={draft.bannerType}
              onChange={(event) => set({ bannerType: event.target.value === 'video' ? 'video' : 'image' })}
            >
              <option value="image">{intl.formatMessage({ id: 'console.setup.photoType.image' })}</option>
              <option value="video">{intl.formatMessage({ id: 'console.setup.photoType.video' })}</option>
            </select>
          </div>
          {draft.bannerType === 'video' ? (
            <Field
              label={<FormattedMessage id="console.setup.photoVideoUrl" />}
              type="url"
              value={draft.videoUrl}
              error={fieldError(errors, 'videoUrl')}
              onChange={(event) => set({ videoUrl: event.target.value })}
            />
          ) : null}
          <Field
            label={<FormattedMessage id="console.setup.photoLink" />}
            type="url"
            value={draft.additionalLinkUrl}
            error={fieldError(errors, 'additionalLinkUrl')}
            onChange={(event) => set({ additionalLinkUrl: event.target.value })}
          />
          <Field
            label={<FormattedMessage id="console.setup.photoSeconds" />}
            inputMode="decimal"
            value={draft.seconds}
            error={fieldError(errors, 'interval') && 'console.setup.photoSecondsInvalid'}
            onChange={(event) => set({ seconds: event.target.value })}
          />
          <fieldset className="setup__inline">
            <legend>
              <FormattedMessage id="console.setup.photoUse" />
            </legend>
            {PHOTO_FLAGS.map((flag) => (
              <label key={flag} className="setup__check">
                <input
                  type="checkbox"
                  checked={draft.flags[flag]}
                  onChange={(event) => set({ flags: { ...draft.flags, [flag]: event.target.checked } })}
                />
                <FormattedMessage id={`console.setup.photo.${flag}` as MessageId} />
              </label>
            ))}
          </fieldset>
        </>
      )}
    </PartRow>
  );
}

const BANNER_DROP_WORDS: PhotoDropWords = {
  drop: 'console.setup.bannerDrop',
  choose: 'console.setup.bannerChoose',
  hint: 'console.setup.bannerHint',
  added: 'console.setup.bannerAdded',
};

/**
 * The banner photos of spec 001 §3 (the header's carousel), each with its flags: images uploaded
 * here (the API resizes them), or an address of an image kept elsewhere in the last row.
 */
export function BannersEditor({ auction }: { auction: operator.OperatorAuction }) {
  const queryClient = useQueryClient();
  const upload = useMutation(setupMutations.uploadBanner(auction.id));
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: setupKeys.auction(auction.id) });
    await queryClient.invalidateQueries({ queryKey: consoleKeys.auctions(auction.organizationId) });
  };
  // The API answers them by order then id already; sorted again so the screen never depends on it.
  const photos = [...auction.photos].sort((a, b) => a.order - b.order || a.id - b.id);
  return (
    <section className="setup__parts" aria-labelledby="setup-banners">
      <h3 id="setup-banners">
        <FormattedMessage id="console.setup.banners" />
      </h3>
      <PhotoDrop words={BANNER_DROP_WORDS} upload={(file) => upload.mutateAsync(file)} done={reload} />
      {photos.map((photo, index) => (
        <PhotoRow key={photo.id} auction={auction} photo={photo} ids={photos.map((p) => p.id)} index={index} />
      ))}
      <PhotoRow auction={auction} />
    </section>
  );
}
