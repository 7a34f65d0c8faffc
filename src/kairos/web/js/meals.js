// The Meals view: type or photograph → answer a follow-up → pick a suggestion → read the recipe
// (substitutions highlighted, the original line on hover; the allergy check on every suggestion
// and recipe; whether a suggestion is healthier than the usual version, on which measure, or
// that its nutrition is unknown) → tick ingredients, print, feedback.
import { allergyVerdict, checkedFor, riskHeadline, verdictWords } from "./allergy-words.js";
import { ApiError } from "./api.js";
import { focusOn, h } from "./dom.js";

async function problem(response) {
  try {
    const body = await response.json();
    return body.detail || body.title || `HTTP ${response.status}`;
  } catch { return `HTTP ${response.status}`; }
}

async function send(path, uid, { json, form } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "X-User-ID": uid, ...(json ? { "Content-Type": "application/json" } : {}) },
      body: json ? JSON.stringify(json) : form,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError("Kairos cannot be reached. Check that the server is running.", 0);
  }
  if (!response.ok) throw new ApiError(await problem(response), response.status);
  return response.json();
}

// The safety step's allergy check of a suggestion or recipe, said in words (never colour
// alone): the verdict line shared by every view, who it was checked for, each risk with who it
// is for and what to check.
const BANNER = { danger: "danger", caution: "caution", unknown: "warning", info: "info" };

function allergyCheck(check, { full = false } = {}) {
  const said = verdictWords(check);
  if (!said) return null;
  const risks = check.risks.map((r) => h("li", { class: "allergy-risk", "data-allergen": r.allergen },
    h("b", { text: `${riskHeadline(r)} (${r.severity})` }),
    ` — for ${r.who.join(", ")}`, full ? h("span", { class: "risk-message", text: `. ${r.message}` }) : null));
  return h("section", { class: `banner ${BANNER[said[2]]} allergy-check`, "data-verdict": check.verdict, "aria-label": "Allergy check" },
    allergyVerdict(check),
    risks.length ? h("ul", { class: "allergy-risks" }, ...risks) : null,
    full && checkedFor(check) ? h("span", { class: "note allergy-for", text: checkedFor(check) }) : null,
    full && check.note ? h("span", { class: "note", text: check.note }) : null);
}

// Whether a dish's suggestion is healthier than the usual version, on which measure: the
// verdict in words, then every measure compared (its numbers as the sources state them) or
// "unknown" where the data is missing; never a number the source did not give.
const HEALTH_VERDICTS = {
  healthier: "Healthier",
  mixed: "Better on some measures, worse on others",
  similar: "About as healthy as the usual version",
  less_healthy: "Less healthy than the usual version",
  unknown: "Nutrition unknown",
  only_version: "Nothing to compare with",
};

function healthierCheck(healthier) {
  if (!healthier) return null;
  const better = healthier.measures.filter((m) => m.result === "better").map((m) => m.measure);
  const label = HEALTH_VERDICTS[healthier.verdict] || healthier.verdict;
  const measures = healthier.measures.map((m) => h("li", { class: `measure ${m.result}`, "data-result": m.result },
    h("b", { text: m.result === "unknown" ? "unknown" : m.result === "similar" ? "about the same" : m.result }),
    ` — ${m.text}`));
  return h("section", { class: "healthier", "data-verdict": healthier.verdict, "aria-label": "Compared with the usual version" },
    h("strong", { class: "verdict", text: healthier.verdict === "healthier" && better.length
      ? `${label} on ${better.join(", ")}` : label }),
    healthier.title_note ? h("span", { class: "note title-note", text: healthier.title_note }) : null,
    measures.length ? h("details", { class: "measures" },
      h("summary", { text: `Measures (${healthier.measures.length}): compared with ${healthier.compared_with}` }),
      h("ul", {}, ...measures),
      h("p", { class: "muted rule", text: healthier.rule })) : null);
}

export function createMeals({ getUid }) {
  const byId = (id) => document.getElementById(id);
  const answerBox = byId("meal-answer");
  const status = byId("meal-status");
  const input = byId("meal-text");
  const photo = byId("meal-photo");
  const household = byId("meal-household");
  const sendButton = byId("meal-send");
  let session = null;

  photo.addEventListener("change", () => {
    const names = [...photo.files].map((f) => f.name);
    byId("meal-photos").textContent = names.length ? `Photo: ${names.join(", ")}` : "";
  });

  function busy(on) {
    sendButton.disabled = on;
    sendButton.classList.toggle("busy", on);
  }

  // Focus left on a control the answer replaced (or on the page) moves to the new answer.
  const focusLost = () => document.activeElement === document.body || !document.activeElement?.isConnected;

  function fail(error, retry) {
    status.textContent = ""; // not "thinking" still: the alert says what went wrong, once
    answerBox.replaceChildren(h("div", { class: "error-box", role: "alert" },
      h("span", { text: error.message }),
      retry ? h("button", { type: "button", class: "btn", text: "Try again", onclick: retry }) : null));
    if (focusLost()) focusOn(answerBox.querySelector("button"));
  }

  async function ask(text, { answering = false } = {}) {
    const uid = getUid();
    if (!uid) return;
    busy(true);
    status.textContent = "The coach is thinking…";
    try {
      let answer;
      const files = answering ? [] : [...photo.files];
      if (files.length) {
        const form = new FormData();
        form.append("text", text);
        if (household.checked) form.append("household", "true");
        for (const file of files) form.append("images", file);
        answer = await send("/meals/coach", uid, { form });
      } else {
        answer = await send("/meals/coach", uid, { json: {
          text, household: household.checked || null, session_id: answering ? session : null } });
      }
      // Only a successful answer clears what was typed: nothing submitted is lost on an error.
      input.value = "";
      photo.value = "";
      byId("meal-photos").textContent = "";
      render(answer);
    } catch (error) {
      fail(error, () => ask(text, { answering }));
    } finally {
      busy(false);
    }
  }

  function render(answer) {
    session = answer.session_id;
    status.textContent = answer.message;
    if (answer.ui_type === "follow_up") renderFollowUp(answer);
    else if (answer.ui_type === "suggestions") renderSuggestions(answer);
    else renderRecipe(answer.recipe);
    if (focusLost()) focusOn(answerBox.querySelector("h3, .question"));
  }

  function renderFollowUp(answer) {
    const reply = h("input", { id: "meal-reply", maxlength: "2000", autocomplete: "off",
      placeholder: "Your answer", "aria-label": "Your answer" });
    const form = h("form", { class: "meal-form", onsubmit: (e) => {
      e.preventDefault();
      if (reply.value.trim()) ask(reply.value.trim(), { answering: true });
    } }, reply, h("button", { type: "submit", class: "btn primary", text: "Answer" }));
    answerBox.replaceChildren(h("section", { class: "follow-up", "aria-label": "Question" },
      h("p", { class: "question", text: answer.follow_up.question }),
      h("p", { class: "muted", text: answer.follow_up.reason }),
      h("div", { class: "options" }, ...answer.follow_up.options.map((option) =>
        h("button", { type: "button", class: "btn option", text: option,
          onclick: () => ask(option, { answering: true }) }))),
      form));
    reply.focus();
  }

  function renderSuggestions(answer) {
    const cards = answer.suggestions.map((s) => h("article", { class: "suggestion", "data-id": s.suggestion_id },
      h("h3", { text: s.title }),
      h("p", { class: "meta", text: [s.time, s.difficulty, ...s.tags.slice(0, 4)].filter(Boolean).join(" · ") }),
      h("p", { class: "rationale", text: s.rationale }),
      healthierCheck(s.healthier),
      s.pantry ? h("p", { class: "pantry", text: s.pantry.text }) : null,
      !s.healthier && s.nutrition_text ? h("p", { class: "muted nutrition-text", text: s.nutrition_text }) : null,
      s.substitutions.length ? h("ul", { class: "subs" }, ...s.substitutions.map((t) => h("li", { text: t }))) : null,
      allergyCheck(s.allergy),
      h("button", { type: "button", class: "btn primary pick", text: "Cook this",
        onclick: () => choose(s.suggestion_id) })));
    const refused = answer.not_offered.length
      ? h("details", { class: "not-offered" }, h("summary", { text: `Not offered (${answer.not_offered.length})` }),
        h("ul", {}, ...answer.not_offered.map((t) => h("li", { text: t }))))
      : null;
    const context = answer.context
      ? h("p", { class: "muted context", text: `Cooking for ${answer.context.cooking_for.join(", ")}` +
          (answer.context.avoided_allergens.length ? `; avoiding ${answer.context.avoided_allergens.join(", ").replaceAll("_", " ")}` : "") })
      : null;
    answerBox.replaceChildren(...[h("p", { class: "answer-text", text: answer.message }), context,
      h("div", { class: "suggestions" }, ...cards), refused].filter(Boolean));
  }

  async function choose(id) {
    const uid = getUid();
    status.textContent = "Adapting the recipe…";
    try {
      const answer = await send(`/meals/coach/${session}/select`, uid, { json: { suggestion_id: id } });
      render(answer);
      focusOn(answerBox.querySelector("#meal-recipe h3")); // "Cook this" is gone: the recipe's title
    } catch (error) {
      fail(error, () => choose(id));
    }
  }

  function renderRecipe(recipe) {
    // A health score only when it comes from the source's own nutrition, still true after the
    // substitutions; an estimate from the recipe text is never shown as a number.
    const scored = recipe.nutrition && !recipe.health.estimated;
    const serves = recipe.servings ? `serves ${recipe.servings}` : "servings not stated by the source";
    const time = recipe.time_text || (recipe.total_minutes ? `${recipe.total_minutes} min` : null);
    const meta = [serves, time,
      recipe.difficulty, scored ? `health ${Math.round(recipe.health.score)}/100 (from the source's nutrition)` : null];
    const lines = recipe.ingredients.filter((i) => !i.omitted).map((i) => {
      const box = h("input", { type: "checkbox", "aria-label": `Have ${i.display}` });
      const label = h("label", { class: i.substitution ? "swapped" : null,
        title: i.substitution ? `Original: ${i.original}` : i.original }, box, " ", i.display);
      box.addEventListener("change", () => label.classList.toggle("ticked", box.checked));
      return h("li", {}, label, i.substitution
        ? h("span", { class: "why", text: ` — ${i.substitution.reason}` }) : null);
    });
    const macros = recipe.nutrition
      ? h("p", { class: "muted", text: Object.entries(recipe.nutrition).filter(([, v]) => v !== null)
          .map(([k, v]) => `${k.replace(/_(g|mg|kcal)$/, " ($1)").replaceAll("_", " ")}: ${Math.round(v)}`).join(" · ") })
      : null;
    answerBox.replaceChildren(h("article", { id: "meal-recipe", class: "recipe" },
      h("h3", { text: recipe.title }),
      h("p", { class: "meta", text: meta.filter(Boolean).join(" · ") }),
      allergyCheck(recipe.allergy, { full: true }),
      recipe.equipment.length ? h("p", { class: "equipment", text: `Equipment: ${recipe.equipment.join(", ")}` }) : null,
      h("h4", { text: "Ingredients" }), h("ul", { class: "ingredients" }, ...lines),
      h("h4", { text: "Steps" }),
      h("ol", { class: "steps-list" }, ...recipe.steps.map((s) => h("li", { class: s.changed ? "changed" : null,
        title: s.changed ? `Original: ${s.original}` : null, text: s.text }))),
      recipe.warnings.length ? h("ul", { class: "warnings" }, ...recipe.warnings.map((w) => h("li", { text: w }))) : null,
      h("p", { class: "muted nutrition-text", text: recipe.nutrition_text }),
      macros,
      h("p", { class: "source" }, "Adapted from ", recipe.url
        ? h("a", { href: recipe.url, rel: "noopener noreferrer", target: "_blank", text: recipe.source })
        : recipe.source),
      h("div", { class: "recipe-actions no-print" },
        h("button", { type: "button", class: "btn", id: "print-recipe", text: "Print", onclick: () => window.print() })),
      feedbackForm(recipe.meal_id)));
  }

  function feedbackForm(mealId) {
    let liked = null;
    const like = h("button", { type: "button", class: "btn", "aria-pressed": "false", text: "👍 Liked it" });
    const dislike = h("button", { type: "button", class: "btn", "aria-pressed": "false", text: "👎 Not for me" });
    const pick = (value) => {
      liked = value;
      like.setAttribute("aria-pressed", String(value === true));
      dislike.setAttribute("aria-pressed", String(value === false));
    };
    like.addEventListener("click", () => pick(true));
    dislike.addEventListener("click", () => pick(false));
    const again = h("input", { type: "checkbox", id: "cooked-again" });
    const tags = h("input", { id: "feedback-tags", maxlength: "200", placeholder: "comma separated, e.g. quick, spicy" });
    const notes = h("input", { id: "feedback-notes", maxlength: "1000", placeholder: "e.g. I hate mushrooms" });
    const result = h("p", { class: "muted", role: "status" });
    const form = h("form", { class: "feedback no-print", onsubmit: async (e) => {
      e.preventDefault();
      try {
        const sent = await send(`/meals/${mealId}/feedback`, getUid(), { json: {
          liked, cooked_again: again.checked,
          tags: tags.value.split(",").map((t) => t.trim()).filter(Boolean).slice(0, 20),
          notes: notes.value.trim() || null } });
        result.textContent = "Thanks — learnt: " + [...Object.keys(sent.facts_changed).slice(0, 6),
          ...sent.dislikes_added.map((d) => `you avoid ${d}`)].join(", ");
      } catch (error) {
        result.textContent = `Could not save the feedback: ${error.message}`;
      }
    } }, h("h4", { text: "How was it?" }), h("div", { class: "options" }, like, dislike),
      h("label", { class: "check" }, again, " Cooked it again"),
      h("label", { class: "feedback-field" }, "Tags ", tags), h("label", { class: "feedback-field" }, "Notes ", notes),
      h("button", { type: "submit", class: "btn primary", text: "Send feedback" }), result);
    return form;
  }

  byId("meal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    ask(input.value.trim());
  });
  return { reset() { session = null; answerBox.replaceChildren(); } };
}
