import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { UPLOAD_FILE } from '../lib/uids';

/** The demo pictures shipped with the seed (small JPEGs drawn for it), so a demo shows pictures offline. */
export const SEED_IMAGES_DIR = path.join(__dirname, 'images');

/** A picture of SEED_IMAGES_DIR, by file name; a record stores it as the URL of its copy in the media library. */
export class SeedImage {
  constructor(readonly file: string) {}
}

export function seedImage(file: string): SeedImage {
  return new SeedImage(file);
}

interface UploadService {
  upload(input: {
    data: { fileInfo: { name: string; alternativeText?: string; caption?: string } };
    files: { filepath: string; originalFilename: string; mimetype: string; size: number };
  }): Promise<{ url: string }[]>;
}

/** The media library file that holds a seed picture: the one named after it. */
async function findUploaded(strapi: Core.Strapi, file: string): Promise<string | null> {
  const found = await strapi.db.query(UPLOAD_FILE).findOne({ where: { name: file }, select: ['url'] });
  return found?.url ?? null;
}

/**
 * Answers the media library URL of a seed picture ('/uploads/…' with the local provider). The first record that
 * needs a picture uploads it through the upload plugin, so the configured provider stores it and thumbnails are
 * made as for a file staff upload; a picture already in the library under its name is used as it is, so running
 * the seed again adds no copies.
 */
export function seedImageUrls(strapi: Core.Strapi): (image: SeedImage) => Promise<string> {
  // One lookup (and at most one upload) per picture and run, even when several records ask at once.
  const urls = new Map<string, Promise<string>>();
  const urlOf = async (file: string) => {
    const existing = await findUploaded(strapi, file);
    if (existing) return existing;
    const filepath = path.join(SEED_IMAGES_DIR, file);
    const upload = strapi.plugin('upload').service('upload') as unknown as UploadService;
    const [uploaded] = await upload.upload({
      data: { fileInfo: { name: file, caption: 'Demo picture from the seed' } },
      files: { filepath, originalFilename: file, mimetype: 'image/jpeg', size: fs.statSync(filepath).size },
    });
    return uploaded.url;
  };
  return (image) => {
    let url = urls.get(image.file);
    if (!url) {
      url = urlOf(image.file);
      urls.set(image.file, url);
    }
    return url;
  };
}
