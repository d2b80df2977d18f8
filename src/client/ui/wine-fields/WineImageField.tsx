import { ImageFormField } from '../ImageFormField';

/** The label photo: an upload or an image address. */
export function WineImageField() {
  return (
    <ImageFormField
      name="image_url"
      label="Imagem do vinho"
      description="Envie a foto do rótulo ou cole o endereço de uma imagem."
      allowUrl
    />
  );
}
