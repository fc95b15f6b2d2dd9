import { useRef } from "react";
import { EditorSection } from "../editor/EditorSection";
import { Features } from "../editor/Features";
import { Hero } from "../editor/Hero";
import { useEditor } from "../editor/use-editor";

/** "/": the hero with the upload control, the editor once a video is chosen, the features. */
export function HomePage() {
  const editor = useEditor();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Hero inputRef={inputRef} fileError={editor.fileError} onFile={editor.chooseFile} />
      <EditorSection editor={editor} onChooseAnother={() => inputRef.current?.click()} />
      <Features />
    </>
  );
}
